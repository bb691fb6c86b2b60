// Where the browser tests find Chromium, for scripts/test.ts and browser.ts alike.
import { existsSync } from 'node:fs';

/** Debian's headless Chromium (chromium-headless-shell): the browser tests' first choice. */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/** Debian's full Chromium. */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * CHROME_PATH, else the headless shell (the browser tests took 287 s with it against 401-455 s
 * with the full Chromium here), else the full Chromium; undefined when none of them is there.
 */
export function findChromePath(): string | undefined {
  return (
    process.env.CHROME_PATH ?? [HEADLESS_SHELL, FULL_CHROMIUM].find((file) => existsSync(file))
  );
}

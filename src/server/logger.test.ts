import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const loggerUrl = new URL('./logger.ts', import.meta.url).href;

/**
 * Logs one line from a fresh process (its stdout a pipe) and reports whether pino-pretty was
 * loaded: a resolve hook sees every module the process imports or requires.
 */
async function logOnce(pretty: boolean): Promise<{ loadedPretty: boolean; output: string }> {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = [];
    registerHooks({ resolve: (specifier, context, next) => { seen.push(specifier); return next(specifier, context); } });
    const { createLogger } = await import(${JSON.stringify(loggerUrl)});
    const logger = await createLogger({ level: 'info', pretty: ${String(pretty)} });
    logger.info({ kinds: 2 }, 'hello');
    process.stderr.write(JSON.stringify(seen.some((s) => s.includes('pino-pretty'))));
  `;
  const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  return { loadedPretty: JSON.parse(stderr) as boolean, output: stdout };
}

describe('createLogger', () => {
  it('writes JSON lines without loading pino-pretty when not pretty', async () => {
    const { loadedPretty, output } = await logOnce(false);
    expect(loadedPretty).toBe(false);
    expect(JSON.parse(output)).toMatchObject({ level: 30, msg: 'hello', kinds: 2 });
  });

  it('writes one readable line per entry through pino-pretty when pretty', async () => {
    const { loadedPretty, output } = await logOnce(true);
    expect(loadedPretty).toBe(true);
    expect(output).toMatch(/INFO.*hello/);
    expect(output).not.toMatch(/^\{/);
  });
});

// The JavaScript a first visit to the home page downloads: every script and modulepreload that
// dist/index.html references, each gzipped at level 9 as a server would send it.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The budget for the home page's first-load JavaScript, gzipped (KB of 1024 bytes). */
export const FIRST_LOAD_JS_TARGET_KB = 150;

export type BundleFile = { file: string; bytes: number; gzipBytes: number };
export type FirstLoadJs = { files: BundleFile[]; totalBytes: number; totalGzipBytes: number };

/** The src of each <script> and the href of each <link rel="modulepreload">, in page order. */
export function findFirstLoadScripts(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attribute = (name: string) =>
      new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(1)
        .find((value) => value !== undefined);
    const url = tag.toLowerCase().startsWith('<script')
      ? attribute('src')
      : attribute('rel')?.toLowerCase().split(/\s+/).includes('modulepreload')
        ? attribute('href')
        : undefined;
    if (url !== undefined && !found.includes(url)) found.push(url);
  }
  return found;
}

/** Reads distDir/index.html and measures each script it loads first, raw and gzipped. */
export async function measureFirstLoadJs(distDir: string): Promise<FirstLoadJs> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const files: BundleFile[] = [];
  for (const url of findFirstLoadScripts(html)) {
    if (/^(?:[a-z]+:)?\/\//i.test(url)) throw new Error(`a script from elsewhere: ${url}`);
    const file = url.split(/[?#]/)[0]?.replace(/^\//, '') ?? '';
    const body = await readFile(path.join(distDir, file));
    const gzipped = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    files.push({ file, bytes: body.length, gzipBytes: gzipped.length });
  }
  return {
    files,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

/** Builds the front end into dist/ (`vite build`), with the project's own Vite and this Node. */
export async function buildFrontEnd(): Promise<void> {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build exited with ${String(code)}`);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Measures dist/ and prints the verdict line (and, when asked, one line per file). */
export async function reportFirstLoadJs(options: { perFile?: boolean } = {}): Promise<FirstLoadJs> {
  const measured = await measureFirstLoadJs(path.join(root, 'dist'));
  if (options.perFile === true) {
    console.table(
      Object.fromEntries(
        measured.files.map((f) => [f.file, { 'KB raw': kb(f.bytes), 'KB gzip': kb(f.gzipBytes) }]),
      ),
    );
  }
  const met = measured.totalGzipBytes <= FIRST_LOAD_JS_TARGET_KB * 1024;
  console.log(
    `home first-load JavaScript: ${kb(measured.totalGzipBytes)} KB gzip (target at most ${FIRST_LOAD_JS_TARGET_KB} KB) ${met ? 'MET' : 'MISSED'}`,
  );
  return measured;
}

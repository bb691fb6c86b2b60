import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { createDevProxy } from './scripts/dev-proxy.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every script, sheet and
 * image of the build, which the server sends as they are: smaller than compressing on each
 * request, and no compression work while serving.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'touchline:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && /\.(js|css|svg)$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      // zlib's asynchronous calls run on libuv's thread pool: all cores at once.
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          if (bytes.length < 1024) return;
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          };
          await writeFile(`${file}.br`, await brotli(bytes, { params }));
          await writeFile(
            `${file}.gz`,
            await gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
          );
        }),
      );
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    // The CSP forbids inline scripts, so no asset may be inlined as a data: module.
    assetsInlineLimit: 0,
  },
  server: {
    // The server's own paths go to the API server that npm run dev starts beside Vite.
    proxy: createDevProxy(),
  },
});

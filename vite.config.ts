import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { createDevProxy } from './scripts/dev-proxy.ts';
import { FLAG_DIR, FLAG_ICONS_VERSION } from './src/web/flag-images.ts';

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

/**
 * Copies flag-icons' 4:3 flags into the build at FLAG_DIR, where the country-flag component
 * finds them (src/web/flag-images.ts); the dev server serves them there from the package. The
 * folder is named by the version, so the build stops when another version is installed: the new
 * flags need a new folder to be cached apart.
 */
function flags(): Plugin {
  const source = path.resolve('node_modules/flag-icons');
  const folder = path.join(source, 'flags/4x3');
  return {
    name: 'touchline:flags',
    configureServer(server) {
      server.middlewares.use(`/${FLAG_DIR}`, (request, response, next) => {
        const name = (request.url ?? '').split('?')[0]?.slice(1) ?? '';
        // A flag's file name only: nothing that could step out of the folder.
        if (!/^[a-z]{2}(-[a-z]{2,3})?\.svg$/.test(name)) {
          next();
          return;
        }
        readFile(path.join(folder, name)).then(
          (bytes) => {
            response.setHeader('content-type', 'image/svg+xml');
            response.end(bytes);
          },
          () => {
            next();
          },
        );
      });
    },
    async generateBundle() {
      const { version } = JSON.parse(await readFile(path.join(source, 'package.json'), 'utf8')) as {
        version: string;
      };
      if (version !== FLAG_ICONS_VERSION)
        this.error(
          `flag-icons ${version} is installed but src/web/flag-images.ts names ${FLAG_ICONS_VERSION}`,
        );
      for (const name of await readdir(folder)) {
        if (!name.endsWith('.svg')) continue;
        this.emitFile({
          type: 'asset',
          fileName: `${FLAG_DIR}/${name}`,
          source: await readFile(path.join(folder, name)),
        });
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), flags(), precompress()],
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    // The CSP forbids inline scripts, so no asset may be inlined as a data: module.
    assetsInlineLimit: 0,
    // Which files each page's module needs (.vite/manifest.json): the server names them in the
    // hints it sends with a page (src/server/routes/page-hints.ts).
    manifest: true,
  },
  server: {
    // The server's own paths go to the API server that npm run dev starts beside Vite.
    proxy: createDevProxy(),
  },
});

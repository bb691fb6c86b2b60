import { fileURLToPath } from 'node:url';

/**
 * The project's folder (where package.json is), from which the server finds its data files,
 * migrations, built front end and history snapshot. This module sits two folders below it, as
 * the built server's files do (`.cache/server/`, scripts/prepare.ts): the same relative address
 * holds for the sources and for the bundle, into which every module's `import.meta.url` becomes
 * its chunk's.
 */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

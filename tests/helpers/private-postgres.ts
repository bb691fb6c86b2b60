import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 server binaries (package postgresql-15). */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Kills the server the way a crash would (`pg_ctl stop -m immediate`: no checkpoint). */
  crash: () => Promise<void>;
  /** Starts it again on the same port; it replays its WAL first, as after a real crash. */
  start: () => Promise<void>;
  /** Stops it and deletes its files. */
  destroy: () => Promise<void>;
};

/** A port nobody listens on now (the kernel's pick, released at once). */
async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A throw-away Postgres cluster of its own (initdb into a temp folder, its own port and socket
 * folder), for tests that stop and crash the database: the shared server on 127.0.0.1:5432 is
 * never touched. initdb refuses to run as root, so as root every command runs as `postgres`.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgCommand = (binary: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, binary), ...args])
      : run(path.join(POSTGRES_BIN, binary), args);

  const dataDir = path.join(dir, 'data');
  await pgCommand('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await findFreePort();
  // fsync off: a crash of the server process (not of the machine) loses nothing committed.
  const options = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await pgCommand('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      options,
      'start',
    ]);
  };
  const stop = async (mode: 'immediate' | 'fast') => {
    await pgCommand('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  };
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    crash: () => stop('immediate'),
    start,
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      await stop('immediate').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

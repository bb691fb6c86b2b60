import { createHash } from 'node:crypto';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `dir` (relative path → sha256), to show a folder was left as it was. */
export async function hashFiles(dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes.set(
      path.relative(dir, file),
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  }
  return hashes;
}

/**
 * The WAL segment holding the last checkpoint of a PostgreSQL data folder, the one it cannot
 * start without (the other segments may be recycled ones it never reads). From pg_control:
 * the checkpoint's position (at byte 32) and timeline (byte 48), little-endian.
 */
export async function findCheckpointSegment(dir: string): Promise<string> {
  const control = await readFile(path.join(dir, 'global', 'pg_control'));
  const checkpoint = control.readBigUInt64LE(32);
  const timeline = control.readUInt32LE(48);
  const segments = (await readdir(path.join(dir, 'pg_wal'))).filter((n) =>
    /^[0-9A-F]{24}$/.test(n),
  );
  const size = (await stat(path.join(dir, 'pg_wal', segments[0] ?? ''))).size;
  const number = checkpoint / BigInt(size);
  const perId = 0x1_0000_0000n / BigInt(size);
  const hex = (n: bigint | number) => n.toString(16).toUpperCase().padStart(8, '0');
  const name = `${hex(timeline)}${hex(number / perId)}${hex(number % perId)}`;
  if (!segments.includes(name)) throw new Error(`no WAL segment ${name} in ${dir}/pg_wal`);
  return path.join('pg_wal', name);
}

/** Overwrites a file with zeros, keeping its size. */
export async function zeroFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.write(Buffer.alloc((await handle.stat()).size), 0);
  } finally {
    await handle.close();
  }
}

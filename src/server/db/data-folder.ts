import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * What a PGlite data folder holds before PGlite is let near it: nothing yet (absent or empty:
 * a first start creates the database), a database, or files that are not a whole database.
 */
export type DataFolderState =
  { kind: 'new' } | { kind: 'database' } | { kind: 'incomplete'; problem: string };

/** WAL segment files are named by timeline and position: 24 hex digits. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/** Why `file` (relative to `dir`) cannot be opened for reading, or null when it can. */
async function findUnreadable(dir: string, file: string): Promise<string | null> {
  try {
    const handle = await open(path.join(dir, file), 'r');
    await handle.close();
    return null;
  } catch (error) {
    const code = errorCode(error);
    return code === 'ENOENT' ? `${file} is missing` : `${file} cannot be read (${code})`;
  }
}

/**
 * Checks the files a PostgreSQL data folder cannot start without. PGlite must never see a
 * folder without PG_VERSION: it takes it for an empty one and runs initdb over the files that
 * are there. The contents (WAL records, table pages) are left to PostgreSQL itself.
 */
export async function inspectDataFolder(dir: string): Promise<DataFolderState> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return { kind: 'new' };
    if (code === 'ENOTDIR') return { kind: 'incomplete', problem: 'it is a file, not a folder' };
    return { kind: 'incomplete', problem: `it cannot be read (${code})` };
  }
  // A volume mounted at the folder brings its own lost+found: still a first start.
  if (entries.every((entry) => entry === 'lost+found')) return { kind: 'new' };

  const versionProblem = await findUnreadable(dir, 'PG_VERSION');
  if (versionProblem !== null) return { kind: 'incomplete', problem: versionProblem };
  const version = await readFile(path.join(dir, 'PG_VERSION'), 'utf8');
  if (!/^\d+\s*$/.test(version))
    return { kind: 'incomplete', problem: 'PG_VERSION does not hold a version number' };

  const controlProblem = await findUnreadable(dir, path.join('global', 'pg_control'));
  if (controlProblem !== null) return { kind: 'incomplete', problem: controlProblem };
  if ((await stat(path.join(dir, 'global', 'pg_control'))).size === 0)
    return { kind: 'incomplete', problem: 'global/pg_control is empty' };

  for (const folder of ['base', 'pg_wal']) {
    const isFolder = await stat(path.join(dir, folder)).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!isFolder) return { kind: 'incomplete', problem: `the ${folder} folder is missing` };
  }

  const segments = (await readdir(path.join(dir, 'pg_wal'))).filter((name) =>
    WAL_SEGMENT.test(name),
  );
  if (segments.length === 0) return { kind: 'incomplete', problem: 'pg_wal holds no WAL segment' };
  // Segments are created at their full size (zero-filled) and never shrink: a shorter one
  // has lost its end, and with it the records PostgreSQL replays on start.
  const sizes = new Map<string, number>();
  for (const name of segments) {
    const file = path.join('pg_wal', name);
    const unreadable = await findUnreadable(dir, file);
    if (unreadable !== null) return { kind: 'incomplete', problem: unreadable };
    sizes.set(name, (await stat(path.join(dir, file))).size);
  }
  const full = Math.max(...sizes.values());
  for (const [name, size] of sizes) {
    if (size < full) {
      return {
        kind: 'incomplete',
        problem: `WAL segment pg_wal/${name} is cut short (${size} bytes; the others have ${full})`,
      };
    }
  }
  // A lone segment has nothing to compare with; PostgreSQL sizes them in powers of two.
  if ((full & (full - 1)) !== 0 || full < 1024 * 1024) {
    return {
      kind: 'incomplete',
      problem: `WAL segment pg_wal/${segments[0] ?? ''} is cut short (${full} bytes)`,
    };
  }
  return { kind: 'database' };
}

type LogEntry = { severity: string; text: string };

/**
 * PostgreSQL's reason for refusing to start, from the lines it printed while PGlite started it
 * ("2026-11-25 16:50:21.613 UTC [42] PANIC:  could not locate a valid checkpoint record"):
 * the last PANIC or FATAL, with its DETAIL and the LOG lines just before it, which often say
 * what was wrong (the WAL segment and offset). Null when there is none.
 */
export function describePostgresFailure(lines: readonly string[]): string | null {
  const entries: LogEntry[] = [];
  for (const line of lines) {
    const match = /^\S+ \S+ \S+ \[\d+\] ([A-Z]+):\s+(.*)$/.exec(line);
    if (match !== null) {
      entries.push({ severity: match[1] ?? '', text: (match[2] ?? '').trim() });
    } else if (entries.length > 0 && line.startsWith('\t')) {
      // PostgreSQL indents the further lines of a message with a tab.
      const last = entries[entries.length - 1] as LogEntry;
      last.text = `${last.text} ${line.trim()}`;
    }
  }
  const index = entries.findLastIndex((e) => e.severity === 'PANIC' || e.severity === 'FATAL');
  const failure = entries[index];
  if (failure === undefined) return null;
  const details = [];
  if (entries[index + 1]?.severity === 'DETAIL') details.push(entries[index + 1]?.text ?? '');
  const before: string[] = [];
  for (let i = index - 1; i >= 0 && before.length < 2 && entries[i]?.severity === 'LOG'; i--)
    before.unshift(entries[i]?.text ?? '');
  details.push(...before);
  return details.length === 0
    ? `${failure.severity}: ${failure.text}`
    : `${failure.severity}: ${failure.text} (${details.join('; ')})`;
}

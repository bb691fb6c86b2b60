import { pino, type Logger, type LoggerOptions } from 'pino';

/** Never logged: the session cookie, a Bearer password, a cookie being set. */
const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/**
 * The process's logger on stdout: JSON lines for whatever collects them, or with `pretty` (a
 * person at a terminal) one coloured line per entry through pino-pretty, imported only then so
 * a server whose output is collected never loads it.
 */
export async function createLogger(options: {
  level: LoggerOptions['level'];
  pretty: boolean;
}): Promise<Logger> {
  const settings: LoggerOptions = { level: options.level, redact: REDACT };
  if (!options.pretty) return pino(settings);
  const { default: pretty } = await import('pino-pretty');
  // Written synchronously, in this thread: the last lines before an exit are never lost.
  return pino(
    settings,
    pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
  );
}

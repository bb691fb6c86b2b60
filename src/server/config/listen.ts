import { readFile } from 'node:fs/promises';

import { z } from 'zod';

import { ConfigError, describeEnvIssues } from './config-error.ts';

/** Blank is unset. */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * The variables the process needs to listen, parsed on their own before the rest of the
 * configuration (whose modules take a second or more to load): the process listens first.
 */
export const ListenEnvSchema = z.object({
  PORT: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(65535, 'must be at most 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  BRAND_NAME: z.string().trim().min(1).max(60).default('Touchline'),
  TLS_CERT: optionalText,
  TLS_KEY: optionalText,
});

export type ListenConfig = {
  port: number;
  host: string;
  brandName: string;
  tls?: { certFile: string; keyFile: string };
};

/**
 * Whether HOST keeps the server to this machine: a loopback address or `localhost`. Anything
 * else (0.0.0.0, ::, a network address, a name) lets other machines reach it.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** Where and how to listen; a ConfigError names every bad variable. */
export function parseListenConfig(env: NodeJS.ProcessEnv): ListenConfig {
  const result = ListenEnvSchema.safeParse(env);
  if (!result.success) throw new ConfigError(describeEnvIssues(result.error.issues));
  const e = result.data;
  if ((e.TLS_CERT === undefined) !== (e.TLS_KEY === undefined)) {
    const [set, unset] =
      e.TLS_CERT === undefined ? ['TLS_KEY', 'TLS_CERT'] : ['TLS_CERT', 'TLS_KEY'];
    throw new ConfigError(
      `Invalid configuration: TLS_CERT and TLS_KEY must be set together (${set} is set, ${unset} is not)`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    brandName: e.BRAND_NAME,
    ...(e.TLS_CERT === undefined || e.TLS_KEY === undefined
      ? {}
      : { tls: { certFile: e.TLS_CERT, keyFile: e.TLS_KEY } }),
  };
}

/** The PEM files of TLS_CERT and TLS_KEY, checked to be a certificate and a private key. */
export async function readTlsFiles(tls: {
  certFile: string;
  keyFile: string;
}): Promise<{ cert: string; key: string }> {
  const read = async (variable: string, file: string, pem: RegExp, kind: string) => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError(`Invalid configuration: ${variable} ${file} cannot be read (${code})`);
    }
    if (!pem.test(text)) {
      throw new ConfigError(`Invalid configuration: ${variable} ${file} is not a PEM ${kind}`);
    }
    return text;
  };
  return {
    cert: await read('TLS_CERT', tls.certFile, /-----BEGIN CERTIFICATE-----/, 'certificate'),
    key: await read('TLS_KEY', tls.keyFile, /-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'private key'),
  };
}

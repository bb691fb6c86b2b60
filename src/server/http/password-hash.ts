import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

import { equalsConstantTime } from './session-token.ts';

/**
 * The site password as configured: the plain text (SITE_PASSWORD) or only its scrypt hash
 * (SITE_PASSWORD_HASH), written `scrypt$N$r$p$<salt base64>$<key base64>`.
 */
export type SitePassword = string | { hash: string };

export type ScryptHash = { n: number; r: number; p: number; salt: Buffer; key: Buffer };

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1. */
export const DEFAULT_SCRYPT = { n: 2 ** 17, r: 8, p: 1 } as const;

// Bounds, so a hostile or mistyped hash cannot make a login take seconds or gigabytes.
const MIN_N = 2 ** 14;
const MAX_N = 2 ** 17;
const MAX_R = 16;
const MAX_P = 4;
/** Memory is 128·N·r bytes: at most 128 MiB (the default's). */
const MAX_N_TIMES_R = 2 ** 20;
/** Work is proportional to N·r·p: at most twice the default's. */
const MAX_N_R_P = 2 ** 21;
const SALT_BYTES = { min: 16, max: 64 };
const KEY_BYTES = { min: 16, max: 64 };
/** Derivations at once: each holds a thread of libuv's pool (4 by default) and up to 128 MiB. */
const MAX_CONCURRENT = 2;

export class PasswordHashError extends Error {}

/** Reads a SITE_PASSWORD_HASH value; throws a PasswordHashError saying what is wrong (never the value). */
export function parsePasswordHash(text: string): ScryptHash {
  const parts = text.trim().split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    throw new PasswordHashError('must be scrypt$N$r$p$<salt base64>$<hash base64>');
  }
  const [, nText, rText, pText, saltText, keyText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const n = parseWhole(nText, 'N');
  const r = parseWhole(rText, 'r');
  const p = parseWhole(pText, 'p');
  if ((n & (n - 1)) !== 0 || n < MIN_N || n > MAX_N) {
    throw new PasswordHashError(`N must be a power of two from ${MIN_N} to ${MAX_N}`);
  }
  if (r < 1 || r > MAX_R) throw new PasswordHashError(`r must be from 1 to ${MAX_R}`);
  if (p < 1 || p > MAX_P) throw new PasswordHashError(`p must be from 1 to ${MAX_P}`);
  if (n * r > MAX_N_TIMES_R) throw new PasswordHashError('N·r is too large (over 128 MiB)');
  if (n * r * p > MAX_N_R_P) throw new PasswordHashError('N·r·p is too large');
  const salt = parseBase64(saltText, 'salt', SALT_BYTES);
  const key = parseBase64(keyText, 'hash', KEY_BYTES);
  return { n, r, p, salt, key };
}

function parseWhole(text: string, name: string): number {
  if (!/^[1-9]\d{0,9}$/.test(text)) throw new PasswordHashError(`${name} must be a whole number`);
  return Number(text);
}

function parseBase64(text: string, name: string, bytes: { min: number; max: number }): Buffer {
  const unpadded = text.replace(/={1,2}$/, '');
  const value = Buffer.from(unpadded, 'base64');
  if (
    !/^[A-Za-z0-9+/]+$/.test(unpadded) ||
    value.toString('base64').replace(/=+$/, '') !== unpadded
  ) {
    throw new PasswordHashError(`the ${name} must be base64`);
  }
  if (value.length < bytes.min || value.length > bytes.max) {
    throw new PasswordHashError(`the ${name} must be ${bytes.min} to ${bytes.max} bytes`);
  }
  return value;
}

/** Hashes a password into a SITE_PASSWORD_HASH value (random 16-byte salt, 32-byte key). */
export async function hashPassword(
  password: string,
  params: { n: number; r: number; p: number } = DEFAULT_SCRYPT,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, { ...params, salt, key: Buffer.alloc(32) });
  const text = `scrypt$${params.n}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
  parsePasswordHash(text); // the same bounds as when it is read back
  return text;
}

let active = 0;
const waiting: (() => void)[] = [];

/** scrypt with the stored parameters, at most MAX_CONCURRENT at a time across the process. */
async function derive(password: string, hash: ScryptHash): Promise<Buffer> {
  // A finished derivation hands its slot straight to the next waiting one.
  if (active >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else active++;
  try {
    const options: ScryptOptions = {
      N: hash.n,
      r: hash.r,
      p: hash.p,
      maxmem: 128 * hash.r * (hash.n + hash.p + 2) + 1024 * 1024,
    };
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFC'), hash.salt, hash.key.length, options, (error, key) =>
        error === null ? resolve(key) : reject(error),
      );
    });
  } finally {
    const next = waiting.shift();
    if (next === undefined) active--;
    else next();
  }
}

/** Whether `given` is the password of `hash`, compared in constant time on the derived key. */
export async function verifyPasswordHash(given: string, hash: ScryptHash): Promise<boolean> {
  const derived = await derive(given, hash);
  return derived.length === hash.key.length && timingSafeEqual(derived, hash.key);
}

/** A check of login attempts against the configured password, plain or hashed. */
export function createPasswordCheck(password: SitePassword): (given: string) => Promise<boolean> {
  if (typeof password === 'string') {
    return (given) => Promise.resolve(equalsConstantTime(given, password));
  }
  const hash = parsePasswordHash(password.hash);
  return (given) => verifyPasswordHash(given, hash);
}

/**
 * What session tokens are signed with besides the secret: the password, or its hash when only
 * the hash is configured. Rotating either voids every session.
 */
export function getSessionPasswordKey(password: SitePassword): string {
  return typeof password === 'string' ? password : `hash:${password.hash.trim()}`;
}

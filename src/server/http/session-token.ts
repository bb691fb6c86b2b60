import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a token stays valid after it was issued (ASVS 3.3.2 L1: 30 days). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionSigner = {
  issue: (now: Date) => string;
  verify: (token: string | undefined, now: Date) => boolean;
};

/**
 * Signs stateless session tokens. The key mixes the site password into the shared secret,
 * so changing the password voids every token issued before.
 */
export function createSessionSigner(options: { secret: string; password: string }): SessionSigner {
  // A KeyObject, made once: building one from bytes on every request is most of HMAC's cost.
  const key = createSecretKey(
    createHmac('sha256', options.secret).update(`session:${options.password}`).digest(),
  );
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  // Each browser sends the same token on every request: remember the ones already checked.
  const verified = new Map<string, number>();

  return {
    issue(now) {
      const body = `v1.${Math.floor(now.getTime() / 1000)}.${randomBytes(16).toString('base64url')}`;
      return `${body}.${sign(body)}`;
    },
    verify(token, now) {
      if (token === undefined || token.length > 200) return false;
      const expiresAt = verified.get(token);
      if (expiresAt !== undefined) return now.getTime() < expiresAt;
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== 'v1') return false;
      const issuedAt = Number(parts[1]) * 1000;
      if (!Number.isInteger(issuedAt) || issuedAt > now.getTime() + 60_000) return false;
      if (now.getTime() - issuedAt > SESSION_MAX_AGE_MS) return false;
      const expected = Buffer.from(sign(parts.slice(0, 3).join('.')));
      const given = Buffer.from(parts[3] ?? '');
      const valid = expected.length === given.length && timingSafeEqual(expected, given);
      if (valid) {
        if (verified.size >= 10_000) verified.clear();
        verified.set(token, issuedAt + SESSION_MAX_AGE_MS);
      }
      return valid;
    },
  };
}

/** Compares two secrets in time independent of where they differ (and of their lengths). */
export function equalsConstantTime(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

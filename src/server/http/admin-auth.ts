import type { FastifyRequest } from 'fastify';

import { HttpError } from './errors.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { equalsConstantTime } from './session-token.ts';

export const ADMIN_GUESSING_ALERT =
  'many failed admin password attempts across addresses: possible password guessing';

/**
 * What the admin credential of a request comes to: `none` when it carries none (or no admin
 * password is set), which is never counted as a guess.
 */
export type AdminCheck = 'none' | 'right' | 'wrong';

/**
 * The one place the admin password (ADMIN_PASSWORD) is checked, in whichever header it comes.
 * Each credential presented is counted by the admin throttle before it is compared (in constant
 * time) and given back when right; past the limits the request is refused with 429 and
 * Retry-After, right password or not.
 */
export type AdminAuth = {
  /** Whether an admin password is set; without one the admin routes are open. */
  required: boolean;
  /** The `x-admin-password` header. Throws HttpError(429) while the address is throttled. */
  checkHeader: (request: FastifyRequest) => Promise<AdminCheck>;
  /** An `Authorization: Bearer` token. Throws HttpError(429) while the address is throttled. */
  checkBearer: (request: FastifyRequest) => Promise<AdminCheck>;
};

export function createAdminAuth(deps: {
  adminPassword: string | undefined;
  throttle: LoginThrottle;
}): AdminAuth {
  const { adminPassword, throttle } = deps;

  const check = async (request: FastifyRequest, given: string | undefined): Promise<AdminCheck> => {
    if (adminPassword === undefined || given === undefined) return 'none';
    const attempt = await throttle.attempt(request.ip, async () =>
      equalsConstantTime(given, adminPassword),
    );
    if (attempt.alert) request.log.error({ ip: request.ip }, ADMIN_GUESSING_ALERT);
    if (attempt.outcome === 'throttled') {
      throw new HttpError(429, 'Too many attempts. Please wait and try again.', {
        'retry-after': String(attempt.retryAfter),
      });
    }
    if (attempt.outcome === 'wrong') request.log.warn({ ip: request.ip }, 'wrong admin password');
    return attempt.outcome;
  };

  return {
    required: adminPassword !== undefined,
    checkHeader(request) {
      const given = request.headers['x-admin-password'];
      return check(request, typeof given === 'string' ? given : undefined);
    },
    checkBearer(request) {
      const header = request.headers.authorization ?? '';
      return check(request, header.startsWith('Bearer ') ? header.slice(7) : undefined);
    },
  };
}

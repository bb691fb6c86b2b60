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

/** The one answer to an admin credential that is missing or wrong, wherever it was expected. */
export const ADMIN_REFUSAL = { status: 403, message: 'Admin password required' } as const;

/** The answer to an operator's report on a site reachable from other machines with no admin password. */
export const NO_ADMIN_PASSWORD_REFUSAL = {
  status: 403,
  message:
    'Set ADMIN_PASSWORD on the server to read this report: the site is reachable from other machines.',
} as const;

/**
 * The one place the admin password (ADMIN_PASSWORD) is checked, in whichever header it comes.
 * Each credential presented is counted by the admin throttle before it is compared (in constant
 * time) and given back when right; past the limits the request is refused with 429 and
 * Retry-After, right password or not. A missing or wrong one is refused with ADMIN_REFUSAL.
 */
export type AdminAuth = {
  /** Whether an admin password is set; without one the admin routes are open. */
  required: boolean;
  /** The `x-admin-password` header. Throws HttpError(429) while the address is throttled. */
  checkHeader: (request: FastifyRequest) => Promise<AdminCheck>;
  /** An `Authorization: Bearer` token. Throws HttpError(429) while the address is throttled. */
  checkBearer: (request: FastifyRequest) => Promise<AdminCheck>;
  /**
   * preValidation hook of an admin route (after the gate and the check for invalid characters):
   * when an admin password is set, the `x-admin-password` header must carry it.
   */
  requireAdmin: (request: FastifyRequest) => Promise<void>;
  /**
   * preValidation hook of an operator's report (the clicks report, the upstreams' status): as
   * requireAdmin, except that without an admin password it is open only on a server that listens
   * on loopback alone. Reachable from other machines, any fan past the gate would read the
   * operator's revenue and upstream details.
   */
  requireOperator: (request: FastifyRequest) => Promise<void>;
  /**
   * preValidation hook of a `session-or-admin` route: a fan's session is looked at first, so a bearer
   * token beside it is never compared (it cannot be used to guess); without one, the bearer
   * token must be the admin password. Without an admin password set, only a session will do.
   */
  requireSessionOrAdmin: (request: FastifyRequest) => Promise<void>;
};

export function createAdminAuth(deps: {
  adminPassword: string | undefined;
  throttle: LoginThrottle;
  /** Whether the request carries a valid session cookie. */
  hasSession: (request: FastifyRequest) => boolean;
  /** Whether the server listens beyond loopback (default: no). */
  listensBeyondLoopback?: boolean;
}): AdminAuth {
  const { adminPassword, throttle } = deps;
  const refuse = () => new HttpError(ADMIN_REFUSAL.status, ADMIN_REFUSAL.message);

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

  const checkHeader = (request: FastifyRequest) => {
    const given = request.headers['x-admin-password'];
    return check(request, typeof given === 'string' ? given : undefined);
  };
  const checkBearer = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    return check(request, header.startsWith('Bearer ') ? header.slice(7) : undefined);
  };

  return {
    required: adminPassword !== undefined,
    checkHeader,
    checkBearer,
    async requireAdmin(request) {
      if (adminPassword !== undefined && (await checkHeader(request)) !== 'right') throw refuse();
    },
    async requireOperator(request) {
      if (adminPassword === undefined && deps.listensBeyondLoopback === true) {
        throw new HttpError(NO_ADMIN_PASSWORD_REFUSAL.status, NO_ADMIN_PASSWORD_REFUSAL.message);
      }
      if (adminPassword !== undefined && (await checkHeader(request)) !== 'right') throw refuse();
    },
    async requireSessionOrAdmin(request) {
      if (deps.hasSession(request)) return;
      // No admin password set: a bearer token means nothing, and the gate's answer stands.
      if (adminPassword === undefined) throw new HttpError(401, 'Unauthorized');
      if ((await checkBearer(request)) !== 'right') throw refuse();
    },
  };
}

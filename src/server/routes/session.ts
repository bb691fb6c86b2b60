import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { HttpError, parseInput } from '../http/errors.ts';
import { getSessionCookieName } from '../http/gate.ts';
import type { LoginThrottle } from '../http/login-throttle.ts';
import { createPasswordCheck, type SitePassword } from '../http/password-hash.ts';
import { SESSION_MAX_AGE_MS, type SessionSigner } from '../http/session-token.ts';

const LoginBody = z.strictObject({ password: z.string().max(200) });

export const WRONG_PASSWORD = 'Incorrect password. Please try again.';
export const GUESSING_ALERT = 'many failed logins across addresses: possible password guessing';

export function sessionRoutes(deps: {
  /** The plain password, or only its scrypt hash. */
  sitePassword: SitePassword;
  signer: SessionSigner;
  throttle: LoginThrottle;
  now: () => Date;
  /** Holds a slowed-down attempt; tests pass one that only records the wait. */
  sleep: (ms: number) => Promise<void>;
}) {
  const isSitePassword = createPasswordCheck(deps.sitePassword);
  return async function (app: FastifyInstance) {
    app.post('/api/session', { config: { access: 'public' } }, async (request, reply) => {
      const now = deps.now();
      const verdict = await deps.throttle.check(request.ip, now);
      if (verdict.alert) request.log.error({ ip: request.ip }, GUESSING_ALERT);
      if (verdict.retryAfter > 0) {
        throw new HttpError(429, 'Too many attempts. Please wait and try again.', {
          'retry-after': String(verdict.retryAfter),
        });
      }
      // Past the hourly budget across addresses every attempt waits rather than being refused:
      // a refusal would let guessers lock everyone out. Sessions already open never come here.
      if (verdict.delayMs > 0) await deps.sleep(verdict.delayMs);
      const { password } = parseInput(LoginBody, request.body ?? {}, 'body');
      if (!(await isSitePassword(password))) {
        await deps.throttle.recordFailure(request.ip, now);
        request.log.info({ ip: request.ip }, 'wrong site password');
        throw new HttpError(401, WRONG_PASSWORD);
      }
      const secure = request.protocol === 'https';
      reply.setCookie(getSessionCookieName(secure), deps.signer.issue(now), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        // The browser drops the cookie when the token itself expires.
        maxAge: SESSION_MAX_AGE_MS / 1000,
      });
      return reply.code(204).send();
    });
  };
}

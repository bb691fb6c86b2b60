import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { HttpError, parseInput } from '../http/errors.ts';
import { getSessionCookieName } from '../http/gate.ts';
import type { LoginThrottle } from '../http/login-throttle.ts';
import { equalsConstantTime, type SessionSigner } from '../http/session-token.ts';

const LoginBody = z.strictObject({ password: z.string().max(200) });

export const WRONG_PASSWORD = 'Incorrect password. Please try again.';

export function sessionRoutes(deps: {
  sitePassword: string;
  signer: SessionSigner;
  throttle: LoginThrottle;
  now: () => Date;
}) {
  return async function (app: FastifyInstance) {
    app.post('/api/session', async (request, reply) => {
      const now = deps.now();
      const wait = await deps.throttle.retryAfter(request.ip, now);
      if (wait > 0) {
        throw new HttpError(429, 'Too many attempts. Please wait and try again.', {
          'retry-after': String(wait),
        });
      }
      const { password } = parseInput(LoginBody, request.body ?? {}, 'body');
      if (!equalsConstantTime(password, deps.sitePassword)) {
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
      });
      return reply.code(204).send();
    });
  };
}

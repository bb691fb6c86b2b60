import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  describeError,
  emptyAnswer,
  errorAnswers,
  NOT_MODIFIED,
  PUBLIC_ERRORS,
} from '../../domain/api/answers.ts';
import { LoginBodySchema, SessionStateSchema } from '../../domain/api/session.ts';
import { HttpError } from '../http/errors.ts';
import { getSessionCookieName, hasValidSession } from '../http/gate.ts';
import type { LoginThrottle } from '../http/login-throttle.ts';
import { createPasswordCheck, type SitePassword } from '../http/password-hash.ts';
import { SESSION_MAX_AGE_MS, type SessionSigner } from '../http/session-token.ts';

export const WRONG_PASSWORD = 'Incorrect password. Please try again.';
export const GUESSING_ALERT = 'many failed logins across addresses: possible password guessing';

export function sessionRoutes(deps: {
  /** The plain password, or only its scrypt hash. */
  sitePassword: SitePassword;
  signer: SessionSigner;
  throttle: LoginThrottle;
  now: () => Date;
}) {
  const isSitePassword = createPasswordCheck(deps.sitePassword);
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const schema = {
      summary: 'Log in with the site password: sets the session cookie',
      tags: ['session'],
      body: LoginBodySchema,
      response: {
        204: emptyAnswer('Logged in: the session cookie is set (Set-Cookie).'),
        ...PUBLIC_ERRORS,
        ...errorAnswers(400, 403),
        401: describeError(401, `Wrong password: "${WRONG_PASSWORD}"`),
      },
    };
    // The session routes are outside the per-minute request limit: a login has its own
    // throttle, and a crowd behind one address must be able to sign in before each fan's own
    // budget starts.
    const sessionConfig = { access: 'public', countedByRateLimit: false } as const;
    app.post('/api/session', { config: sessionConfig, schema }, async (request, reply) => {
      const { password } = request.body;
      // The throttle counts the attempt before the password is checked, so attempts sent at
      // once cannot all be checked before the first failure is counted. Past the hourly budget
      // across addresses it holds each attempt a second and checks them one at a time. Sessions
      // already open never come here.
      const attempt = await deps.throttle.attempt(request.ip, () => isSitePassword(password));
      if (attempt.alert) request.log.error({ ip: request.ip }, GUESSING_ALERT);
      if (attempt.outcome === 'throttled') {
        throw new HttpError(429, 'Too many attempts. Please wait and try again.', {
          'retry-after': String(attempt.retryAfter),
        });
      }
      if (attempt.outcome === 'wrong') {
        request.log.info({ ip: request.ip }, 'wrong site password');
        throw new HttpError(401, WRONG_PASSWORD);
      }
      const now = deps.now();
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
    // The cookie is HttpOnly: a new tab asks here whether it holds a valid one, and skips the
    // gate if so. Public, so a fresh visitor's question is answered, not refused (a 401 would be
    // an error in every new visitor's console); it tells nothing but what the cookie is.
    // Answered while the process sheds load, like the page's files: it costs one signature
    // check, and a refusal would show a signed-in fan the gate.
    app.get(
      '/api/session',
      {
        config: { ...sessionConfig, answersUnderLoad: true },
        schema: {
          summary: 'Whether the session cookie is valid',
          tags: ['session'],
          response: { 200: SessionStateSchema, ...NOT_MODIFIED, ...PUBLIC_ERRORS },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send({ unlocked: hasValidSession(request, deps.signer, deps.now()) }),
    );
    // Signing out ends the session in this browser: both cookie names are cleared, and the
    // browser is told to drop what it cached and stored for the site, so the next person at a
    // shared computer reads nothing of it. The token is stateless: one copied elsewhere stays
    // good until it expires, as it would have anyway.
    app.delete(
      '/api/session',
      {
        config: sessionConfig,
        schema: {
          summary: 'Sign out: clears the session cookie and what the browser keeps of the site',
          tags: ['session'],
          response: {
            204: emptyAnswer(
              'Signed out: the cookie is cleared (Set-Cookie) and Clear-Site-Data asks the browser to drop its cache, cookies and storage for the site.',
            ),
            ...PUBLIC_ERRORS,
            ...errorAnswers(403),
          },
        },
      },
      async (_request, reply) => {
        for (const secure of [true, false]) {
          reply.clearCookie(getSessionCookieName(secure), { path: '/', secure, httpOnly: true });
        }
        return reply
          .header('clear-site-data', '"cache", "cookies", "storage"')
          .header('cache-control', 'no-store')
          .code(204)
          .send();
      },
    );
  };
}

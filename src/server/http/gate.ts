import type { FastifyReply, FastifyRequest } from 'fastify';

import type { SessionSigner } from './session-token.ts';

/**
 * Who may reach a route, declared in the route's own options (`config.access`), read from the
 * route the server matched, never from the raw URL: the router decodes and normalises a path
 * (`/%61pi/leagues` is `/api/leagues` to it), so a test of the URL's text can be walked round.
 * - absent: only a request with a valid session cookie. Deny by default: a new route is gated
 *   unless it says otherwise.
 * - 'public': anyone (the login, the health probe, the front end's own files).
 * - 'session-or-admin': a session cookie, or the admin password as a bearer token (/metrics, for
 *   Prometheus); the route itself checks the token, throttled like every admin password.
 */
export type RouteAccess = 'public' | 'session-or-admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** false: not counted by the per-address rate limit (probes, images, the front end's files). */
    countedByRateLimit?: false;
    /**
     * true: answered even while the process sheds load: the liveness probe, the front end's own
     * files (a browser never asks again for a refused one) and the page's session check.
     */
    answersUnderLoad?: true;
  }
}

/** Secure contexts get the __Host- prefix, which browsers only accept with Secure and Path=/. */
export function getSessionCookieName(secure: boolean): string {
  return secure ? '__Host-gate' : 'gate';
}

/**
 * An onRequest hook refusing every gated route to a request without a valid session cookie.
 * Paths no route matches are left to the not-found handler, which serves the single-page app's
 * page (the gate page among them) or refuses like this hook (webAppRoutes). A browser opening a
 * gated path is handed to that handler too: a page behind the gate (the API docs) then opens on
 * the gate like every page, and any other path is refused there as here.
 */
export function createGateHook(options: { signer: SessionSigner; now: () => Date }) {
  return async function requireSession(request: FastifyRequest, reply: FastifyReply) {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (hasValidSession(request, options.signer, options.now())) return;
    if (access === 'session-or-admin' && hasBearerToken(request)) return;
    if (isNavigation(request)) return reply.callNotFound();
    return reply.code(401).send({ error: 'Unauthorized' });
  };
}

/** A browser opening the URL as a page, not a program asking for data. */
function isNavigation(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    /\btext\/html\b/i.test(request.headers.accept ?? '')
  );
}

function hasBearerToken(request: FastifyRequest): boolean {
  return /^Bearer \S/.test(request.headers.authorization ?? '');
}

export function hasValidSession(
  request: FastifyRequest,
  signer: SessionSigner,
  now: Date,
): boolean {
  return findSession(request, signer, now) !== undefined;
}

/**
 * The session token of the request's cookie that verifies, if one does. Only a verified token
 * may name a session (for a per-session count or budget): a request can carry both cookie names,
 * and the first one need not be the one that let it in.
 */
export function findSession(
  request: FastifyRequest,
  signer: SessionSigner,
  now: Date,
): string | undefined {
  const cookies = request.cookies;
  for (const secure of [true, false]) {
    const token = cookies[getSessionCookieName(secure)];
    if (signer.verify(token, now)) return token;
  }
  return undefined;
}

/**
 * An onRequest hook refusing state-changing requests sent from another site: a browser names
 * the page's origin on every POST, and it must be this server's own.
 */
export async function refuseCrossOrigin(request: FastifyRequest, reply: FastifyReply) {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  try {
    const from = new URL(origin);
    // Compare as URLs, so a default port written out (host:80) still matches.
    const own = new URL(`${from.protocol}//${request.headers.host ?? ''}`);
    if (origin !== 'null' && from.host === own.host) return;
  } catch {
    // An unparsable Origin is not this server's.
  }
  return reply.code(403).send({ error: 'Cross-origin request refused' });
}

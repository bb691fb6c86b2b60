import { setTimeout as delay } from 'node:timers/promises';

import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';

import type { Db } from './db/client.ts';
import { createAdminAuth } from './http/admin-auth.ts';
import { addCachingHeaders } from './http/caching.ts';
import { createClickLimiter, type ClickLimiter } from './http/click-limiter.ts';
import { registerContract } from './http/contract.ts';
import { KEEP_ALIVE_TIMEOUT_MS } from './http/early-listener.ts';
import { answerClientError, handleError, handleFrameworkError } from './http/errors.ts';
import { createGateHook, findSession, hasValidSession, refuseCrossOrigin } from './http/gate.ts';
import { refuseInvalidText } from './http/input-guard.ts';
import { createLiveFeed, type LiveFeed } from './http/live-feed.ts';
import { createLiveStreams, type LiveStreamLimits } from './http/live-streams.ts';
import { createLoginThrottle, type LoginThrottle } from './http/login-throttle.ts';
import { registerOverloadGuard, type OverloadLimits } from './http/overload.ts';
import { getSessionPasswordKey, type SitePassword } from './http/password-hash.ts';
import { registerRateLimit, type RateLimitOptions } from './http/rate-limit.ts';
import { createResponseCache, type ResponseCache } from './http/response-cache.ts';
import { addSecurityHeaders } from './http/security-headers.ts';
import { createSessionSigner } from './http/session-token.ts';
import { createNewsSync, type NewsSync } from './jobs/news-sync.ts';
import { fetchFeed } from './providers/rss/client.ts';
import { affiliateClickRoutes } from './routes/affiliate-clicks.ts';
import { apiDocsRoutes } from './routes/api-docs.ts';
import { dataApiRoutes } from './routes/data-api.ts';
import { demoFeedRoutes } from './routes/demo-feeds.ts';
import { functionRoutes } from './routes/functions.ts';
import { goRoutes } from './routes/go.ts';
import { healthRoutes } from './routes/health.ts';
import { imageRoutes } from './routes/images.ts';
import { leagueRoutes } from './routes/leagues.ts';
import { liveRoutes } from './routes/live.ts';
import { newsArticleRoutes } from './routes/news-article.ts';
import { newsRoutes } from './routes/news.ts';
import { predictionRoutes } from './routes/predictions.ts';
import { sessionRoutes } from './routes/session.ts';
import { statusRoutes } from './routes/status.ts';
import { teamRoutes } from './routes/teams.ts';
import { isPageRequest, webAppRoutes, type SiteMeta } from './routes/web-app.ts';
import { createAffiliateClicks } from './services/affiliate-clicks.ts';
import { createClicksReport } from './services/clicks-report.ts';
import { createImages } from './services/images.ts';
import { createLeagueXg } from './services/league-xg.ts';
import { createLeagueDirectory } from './services/leagues.ts';
import { createMatchCentre } from './services/match-centre.ts';
import { createNews } from './services/news.ts';
import { createPredictions } from './services/predictions.ts';
import type { Readiness } from './services/readiness.ts';
import { createSeasonProjections } from './services/season-projection.ts';
import { createSiteData } from './services/site-data.ts';
import { createStatusReport } from './services/status.ts';
import { createTeamPage } from './services/team-page.ts';
import { createTrackRecord } from './services/track-record.ts';

export type AppDeps = {
  db: Db;
  /** The gate's password, or only its scrypt hash (SITE_PASSWORD_HASH). */
  sitePassword: SitePassword;
  /** Secret shared by every instance for signing session tokens. */
  sessionSecret: string;
  now: () => Date;
  /** IANA zone in which "today" and kick-off times are reckoned. */
  timeZone: string;
  /** Short cache of serialised answers; the scheduler clears it after each write. */
  cache?: ResponseCache;
  /** Folder of the built front end (dist/). */
  webRoot: string;
  meta: SiteMeta;
  logger?: FastifyBaseLogger | false;
  /** Counts site password attempts (SECURITY §4); default: counted in this process. */
  throttle?: LoginThrottle;
  /** Counts admin password attempts, in a key space of its own; default: in this process. */
  adminThrottle?: LoginThrottle;
  /** Which affiliate clicks are recorded (SECURITY §6); default: counted in this process. */
  clickLimiter?: ClickLimiter;
  /** Holds a slowed-down password attempt in the default throttles (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
  /** Told of every route as it is registered (tests list them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Trust X-Forwarded-* from a proxy in front (for the client address and https). */
  trustProxy?: boolean;
  /** When set, admin actions (the news sync) and the operator's reports need it. */
  adminPassword?: string | undefined;
  /**
   * Whether the server listens beyond loopback: the operator's reports (clicks, status) then
   * need ADMIN_PASSWORD, and are refused while it is unset (default: no).
   */
  listensBeyondLoopback?: boolean;
  /** News ingestion behind the manual sync; by default one on this database, this process only. */
  newsSync?: NewsSync;
  dataSource?: 'replay' | 'live';
  /** Whether this instance runs the scheduler now (for /api/status and /metrics). */
  isLeader?: () => boolean;
  /**
   * When the process counts as overloaded (503 + Retry-After), over DEFAULT_OVERLOAD_LIMITS;
   * absent, no guard (tests on a busy machine must not get 503s for a slow event loop).
   */
  overload?: Partial<OverloadLimits>;
  /**
   * Requests per minute per fan: a verified session, else a client address (429 and
   * Retry-After); off if unset.
   */
  rateLimit?: RateLimitOptions;
  /** PEM certificate and key: the server speaks HTTPS instead of HTTP. */
  https?: { cert: string; key: string };
  /**
   * Hands the app a server that already listens (see http/early-listener.ts) instead of one
   * of its own; `https` is then the server's business.
   */
  serverFactory?: FastifyServerOptions['serverFactory'];
  /** Start-up steps for /readyz (main.ts marks them); absent, they count as done. */
  readiness?: Readiness;
  /**
   * How long `/readyz` waits for the database's `select 1` (default 1 s). The embedded
   * database runs queries one at a time in this process: a long write (a first start's season)
   * makes the probe wait without the database being away, so main.ts gives it longer.
   */
  databaseCheckTimeoutMs?: number;
  /**
   * The live updates pushed on `GET /api/live` and how many streams each session, address and
   * the instance may hold; absent, a feed of this process that nothing publishes to.
   */
  live?: {
    feed: LiveFeed;
    limits?: Partial<LiveStreamLimits>;
    /** How often a quiet stream gets a comment line (default 15 s). */
    heartbeatMs?: number;
    /** Unsent bytes past which a stream that stopped reading is dropped (default 256 KB). */
    maxBufferedBytes?: number;
  };
};

export const BODY_LIMIT_BYTES = 16 * 1024;

/** Builds the Touchline HTTP app; it never listens (main.ts and tests decide that). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.trustProxy ?? false,
    connectionTimeout: 10_000,
    requestTimeout: 15_000,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    return503OnClosing: true,
    // Answers made before any hook runs carry the security headers too.
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: answerClientError,
    ...(deps.serverFactory !== undefined
      ? { serverFactory: deps.serverFactory }
      : deps.https === undefined
        ? {}
        : { https: deps.https }),
  });

  const signer = createSessionSigner({
    secret: deps.sessionSecret,
    password: getSessionPasswordKey(deps.sitePassword),
  });
  const sleep = deps.sleep ?? ((ms: number) => delay(ms));
  const throttle = deps.throttle ?? createLoginThrottle({ name: 'login', sleep });
  const hasSession = (request: FastifyRequest) => hasValidSession(request, signer, deps.now());
  const adminAuth = createAdminAuth({
    adminPassword: deps.adminPassword,
    throttle: deps.adminThrottle ?? createLoginThrottle({ name: 'admin', sleep }),
    hasSession,
    listensBeyondLoopback: deps.listensBeyondLoopback ?? false,
  });

  app.setErrorHandler(handleError);
  if (deps.onRoute !== undefined) app.addHook('onRoute', deps.onRoute);

  // Order matters: headers and cookies come before the gate, which runs before any route.
  app.addHook('onRequest', addSecurityHeaders);
  // Refusals (overloaded, over the rate) come first: they must cost as little as possible.
  if (deps.overload !== undefined)
    await registerOverloadGuard(app, deps.overload, (request) =>
      isPageRequest(request.method, request.url),
    );
  // Cookies are read before the rate limit, which counts a fan by the session that verifies.
  await app.register(fastifyCookie);
  await registerRateLimit(app, deps.rateLimit, (request) =>
    findSession(request, signer, deps.now()),
  );
  // The caching hook must see the payload before compression turns it into a stream.
  app.addHook('onSend', addCachingHeaders);
  await app.register(fastifyCompress, { threshold: 1024 });

  app.addHook('onRequest', refuseCrossOrigin);
  // The gate reads the route the router matched (its `config.access`), never the raw URL.
  app.addHook('onRequest', createGateHook({ signer, now: deps.now }));
  app.addHook('preValidation', refuseInvalidText);
  // Before any route: every route after it is checked against, and described by, its schemas.
  await registerContract(app, { title: deps.meta.brandName, version: '1' });

  await app.register(
    healthRoutes({
      db: deps.db,
      readiness: deps.readiness,
      ...(deps.databaseCheckTimeoutMs === undefined
        ? {}
        : { timeoutMs: deps.databaseCheckTimeoutMs }),
    }),
  );
  await app.register(
    sessionRoutes({ sitePassword: deps.sitePassword, signer, throttle, now: deps.now }),
  );
  const cache = deps.cache ?? createResponseCache({ ttlMs: 2000 });
  const leagues = createLeagueDirectory(deps.db);
  await app.register(
    leagueRoutes({
      leagues,
      projections: createSeasonProjections({ db: deps.db, cache }),
      xg: createLeagueXg({ db: deps.db, cache, now: deps.now }),
    }),
  );
  const data = createSiteData({
    db: deps.db,
    cache,
    now: deps.now,
    timeZone: deps.timeZone,
  });
  const matchCentre = createMatchCentre({ db: deps.db, cache, timeZone: deps.timeZone });
  await app.register(dataApiRoutes({ leagues, data, matchCentre }));
  await app.register(functionRoutes({ leagues, data }));
  await app.register(
    predictionRoutes({
      predictions: createPredictions({ db: deps.db, cache, now: deps.now }),
      trackRecord: createTrackRecord({ db: deps.db, cache }),
    }),
  );
  await app.register(
    teamRoutes({ teamPage: createTeamPage({ db: deps.db, cache, now: deps.now }) }),
  );
  const newsSync =
    deps.newsSync ??
    createNewsSync({
      db: deps.db,
      dbKind: 'pglite',
      now: deps.now,
      fetch: fetchFeed,
      allowHosts: () => [],
      onChange: () => cache.clear(),
    });
  const news = createNews({
    db: deps.db,
    leagues,
    cache,
    runSync: () => newsSync.runManual(),
    getLastSyncAt: () => newsSync.getLastSyncAt(),
    adminPasswordRequired: adminAuth.required,
  });
  await app.register(newsRoutes({ news, adminAuth }));
  await app.register(newsArticleRoutes({ db: deps.db, leagues }));
  await app.register(
    demoFeedRoutes({
      db: deps.db,
      leagues,
      now: deps.now,
      timeZone: deps.timeZone,
      brandName: deps.meta.brandName,
    }),
  );
  const streams = createLiveStreams({
    ...deps.live,
    feed: deps.live?.feed ?? createLiveFeed({ log: app.log }),
    getSession: (request) => findSession(request, signer, deps.now()),
    isSessionValid: (session) => signer.verify(session, deps.now()),
  });
  await app.register(liveRoutes({ streams }));
  // Streams never end by themselves: ended first, their browsers reconnect to another instance.
  app.addHook('preClose', async () => streams.closeAll());
  const status = createStatusReport({
    liveStreams: streams,
    db: deps.db,
    now: deps.now,
    dataSource: deps.dataSource ?? 'replay',
    isLeader: deps.isLeader ?? (() => true),
  });
  await app.register(statusRoutes({ status, adminAuth }));
  const clicks = createAffiliateClicks({
    db: deps.db,
    limiter: deps.clickLimiter ?? createClickLimiter(),
    now: deps.now,
    onRecorded: (bookmaker) => status.countClick(bookmaker),
  });
  await app.register(goRoutes({ clicks }));
  await app.register(
    affiliateClickRoutes({
      report: createClicksReport({ db: deps.db, now: deps.now, timeZone: deps.timeZone }),
      adminAuth,
    }),
  );
  await app.register(imageRoutes({ images: createImages({ db: deps.db }) }));
  await app.register(apiDocsRoutes());
  await app.register(
    webAppRoutes({
      webRoot: deps.webRoot,
      meta: deps.meta,
      hasSession,
      timeZone: deps.timeZone,
      now: deps.now,
    }),
  );

  return app;
}

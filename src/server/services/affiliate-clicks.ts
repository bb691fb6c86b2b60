import { createHash } from 'node:crypto';

import { findBookmaker, findBookmakerSite } from '../../domain/bookmakers.ts';
import { createAffiliateClick } from '../db/affiliate-clicks-queries.ts';
import type { Db } from '../db/client.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { listOfferedBookmakerKeys } from '../db/markets-queries.ts';
import type { ClickLimiter, ClickVerdict } from '../http/click-limiter.ts';
import { HttpError } from '../http/errors.ts';

/**
 * At most this many click inserts wait on the database at once (half the pool): when the
 * database hangs, clicks must not take every connection from the pages.
 */
const MAX_PENDING_CLICKS = 5;

type Log = {
  debug: (obj: object, msg: string) => void;
  warn: (msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type Click = {
  bookmaker: string;
  event?: string | undefined;
  outcome?: string | undefined;
  /** A league slug: stored only when it is one of the site's leagues. */
  league?: string | undefined;
  /** The kind of page the link was on. */
  page?: string | undefined;
  /** The client's address: hashed before it is stored, and counted by the click limits. */
  ip: string;
  log: Log;
};

/** How long the keys of the bookmakers whose prices are stored are kept before they are read again. */
const OFFERED_TTL_MS = 60_000;

/** How long the slugs of the stored leagues are kept before they are read again. */
const LEAGUES_TTL_MS = 60_000;

/**
 * 'Bet now' clicks. The target comes from the allow-list, or for a bookmaker off it from its
 * strictly checked key alone (www.<brand>.com), never from the click's other values. A key off
 * the list is followed only when the site's stored prices offer that bookmaker, so the route
 * cannot be made to send fans to a site of anyone's choosing. The insert
 * runs beside the redirect, never before it: with the database down the fan still goes through,
 * the click unrecorded. So does the check of `limiter` (SECURITY §6): past 30 clicks a minute
 * from one address, or the same offer again within 10 s, the click is not recorded. A league is
 * recorded only when it is one of the stored leagues (the operators' report names it), else the
 * click is recorded without one: a link from a page that is a little old still goes through.
 */
export function createAffiliateClicks(deps: {
  db: Db;
  limiter: ClickLimiter;
  /** The site's clock: a click is dated by it, as the clicks report counts days by it. */
  now?: () => Date;
  /** Told of each click once it is stored (the metrics count them by bookmaker). */
  onRecorded?: (bookmaker: string) => void;
}) {
  let pendingClicks = 0;
  let offered: { keys: Set<string>; readAt: number } | null = null;

  /** Whether the stored prices offer `key`: read at most once a minute, the last answer kept on error. */
  const isOffered = async (key: string, log: Log): Promise<boolean> => {
    if (offered === null || Date.now() - offered.readAt > OFFERED_TTL_MS) {
      try {
        offered = { keys: new Set(await listOfferedBookmakerKeys(deps.db)), readAt: Date.now() };
      } catch (error) {
        log.error({ err: error }, 'offered bookmakers not read');
        if (offered === null) return false;
      }
    }
    return offered.keys.has(key);
  };

  let leagues: { slugs: Set<string>; readAt: number } | null = null;

  /**
   * `slug` when it is one of the stored leagues (a league may be added to the database), else
   * null. Read at most once a minute, the last answer kept on error.
   */
  const findLeague = async (slug: string | undefined, log: Log): Promise<string | null> => {
    if (slug === undefined) return null;
    if (leagues === null || Date.now() - leagues.readAt > LEAGUES_TTL_MS) {
      try {
        const slugs = new Set((await listLeagues(deps.db)).map((league) => league.slug));
        leagues = { slugs, readAt: Date.now() };
      } catch (error) {
        log.error({ err: error }, 'leagues not read');
        if (leagues === null) return null;
      }
    }
    return leagues.slugs.has(slug) ? slug : null;
  };

  const record = (click: Click, bookmaker: string, targetUrl: string, verdict: ClickVerdict) => {
    if (verdict !== 'record') {
      click.log.debug({ verdict }, 'affiliate click not recorded: over the click limits');
      return;
    }
    if (pendingClicks >= MAX_PENDING_CLICKS) {
      click.log.warn('affiliate click not recorded: the database is slow');
      return;
    }
    pendingClicks++;
    // Dated now, not once the league is known: the clicks report counts days by this clock.
    const createdAt = deps.now?.();
    findLeague(click.league, click.log)
      .then((leagueSlug) =>
        createAffiliateClick(deps.db, {
          bookmaker,
          eventId: click.event ?? null,
          outcome: click.outcome ?? null,
          leagueSlug,
          sourcePage: click.page ?? null,
          targetUrl,
          ...(createdAt === undefined ? {} : { createdAt }),
          clientHash: createHash('sha256').update(click.ip).digest('base64url').slice(0, 16),
        }),
      )
      .then(() => deps.onRecorded?.(bookmaker))
      .catch((error: unknown) => click.log.error({ err: error }, 'affiliate click not recorded'))
      .finally(() => pendingClicks--);
  };

  return {
    /**
     * The bookmaker's own https address to send the fan to: a listed bookmaker's site, else the
     * address guessed from the key of a bookmaker the stored prices offer. The click is recorded
     * behind it. A 400 for a key that is not well formed, a 404 for one no price names.
     */
    async follow(click: Click): Promise<string> {
      const site = findBookmakerSite(click.bookmaker);
      if (site === null) throw new HttpError(400, 'bookmaker: not a bookmaker key');
      if (findBookmaker(click.bookmaker) === null && !(await isOffered(click.bookmaker, click.log)))
        throw new HttpError(404, 'bookmaker: no prices of this bookmaker on the site');
      const target = new URL(site);
      if (target.protocol !== 'https:') throw new HttpError(400, 'bookmaker: no https site');
      const key = click.bookmaker;
      const offer = JSON.stringify([key, click.event ?? null, click.outcome ?? null]);
      // The verdict (from Redis, when shared) is awaited beside the redirect, never before it.
      deps.limiter
        .check(click.ip, offer)
        .then((verdict) => record(click, key, target.href, verdict))
        .catch((error: unknown) => click.log.error({ err: error }, 'affiliate click not recorded'));
      return target.href;
    },
  };
}

export type AffiliateClicks = ReturnType<typeof createAffiliateClicks>;

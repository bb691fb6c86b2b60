import { createHash } from 'node:crypto';

import { findBookmaker } from '../../domain/bookmakers.ts';
import { createAffiliateClick } from '../db/affiliate-clicks-queries.ts';
import type { Db } from '../db/client.ts';
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
  league?: string | undefined;
  /** The client's address: hashed before it is stored, and counted by the click limits. */
  ip: string;
  log: Log;
};

/**
 * 'Bet now' clicks. The target comes only from the allow-list, never from the click. The insert
 * runs beside the redirect, never before it: with the database down the fan still goes through,
 * the click unrecorded. So does the check of `limiter` (SECURITY §6): past 30 clicks a minute
 * from one address, or the same offer again within 10 s, the click is not recorded.
 */
export function createAffiliateClicks(deps: { db: Db; limiter: ClickLimiter }) {
  let pendingClicks = 0;

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
    createAffiliateClick(deps.db, {
      bookmaker,
      eventId: click.event ?? null,
      outcome: click.outcome ?? null,
      leagueSlug: click.league ?? null,
      targetUrl,
      clientHash: createHash('sha256').update(click.ip).digest('base64url').slice(0, 16),
    })
      .catch((error: unknown) => click.log.error({ err: error }, 'affiliate click not recorded'))
      .finally(() => pendingClicks--);
  };

  return {
    /**
     * The bookmaker's own https address to send the fan to; the click is recorded behind it.
     * A 400 for a bookmaker off the allow-list.
     */
    follow(click: Click): string {
      const bookmaker = findBookmaker(click.bookmaker);
      if (bookmaker === null) throw new HttpError(400, 'bookmaker: unknown bookmaker');
      const target = new URL(bookmaker.site);
      if (target.protocol !== 'https:') throw new HttpError(400, 'bookmaker: no https site');
      const offer = JSON.stringify([bookmaker.key, click.event ?? null, click.outcome ?? null]);
      // The verdict (from Redis, when shared) is awaited beside the redirect, never before it.
      deps.limiter
        .check(click.ip, offer)
        .then((verdict) => record(click, bookmaker.key, target.href, verdict))
        .catch((error: unknown) => click.log.error({ err: error }, 'affiliate click not recorded'));
      return target.href;
    },
  };
}

export type AffiliateClicks = ReturnType<typeof createAffiliateClicks>;

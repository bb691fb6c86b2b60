import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { EREDIVISIE } from '../../../tests/helpers/sixth-league.ts';
import { offerBookmakers } from '../../../tests/helpers/small-world.ts';
import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { BOOKMAKERS } from '../../domain/bookmakers.ts';
import { LEAGUES } from '../../domain/league.ts';
import { affiliateClicks } from '../db/schema.ts';
import { createClickLimiter } from '../http/click-limiter.ts';

let t: TestApp;
let cookie: string;
/** Bookmakers off the list whose prices the site stores (The Odds API names many more). */
const OFFERED_UNLISTED = [
  'betclic',
  'betclic_fr',
  '888sport',
  'mr-green_se',
  'sport888_uk_ex',
  'constructor',
  'b'.repeat(60),
];

beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
  await offerBookmakers(t.database.db, OFFERED_UNLISTED);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(affiliateClicks);
});

// Each request comes from an address of its own, so the click limits never hold one back.
let fans = 0;
const go = (url: string, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ url, headers, remoteAddress: `10.1.${Math.floor(++fans / 250)}.${fans % 250}` });

const listClicks = () =>
  t.database.db.select().from(affiliateClicks).orderBy(asc(affiliateClicks.id));

/** The route records the click without waiting for it: poll until `count` rows are there. */
async function waitForClicks(count: number) {
  for (let i = 0; i < 100; i++) {
    const rows = await listClicks();
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`expected ${count} affiliate clicks`);
}

/** A refused request records nothing: after a good click lands, it is the only row. */
async function expectNoClickBut(sentinel: string) {
  const response = await go(`/go/bet365?event=${sentinel}`);
  expect(response.statusCode).toBe(302);
  const rows = await waitForClicks(1);
  expect(rows.map((r) => r.eventId)).toEqual([sentinel]);
}

describe('GET /go/:bookmaker', () => {
  it("redirects to the bookmaker's site and records exactly one click", async () => {
    const response = await go('/go/bet365?event=e1&outcome=home&league=serie-a');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://www.bet365.com/');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');

    const rows = await waitForClicks(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      bookmaker: 'bet365',
      eventId: 'e1',
      outcome: 'home',
      leagueSlug: 'serie-a',
      targetUrl: 'https://www.bet365.com/',
    });
    // A short hash of the client address, never the address itself.
    expect(rows[0]?.clientHash).toMatch(/^[\w-]{16}$/);
    expect(rows[0]?.clientHash).not.toContain('127.0.0.1');
  });

  it('records a click without event, outcome or league as nulls', async () => {
    const response = await go('/go/pinnacle');
    expect(response.headers.location).toBe('https://www.pinnacle.com/');
    const [row] = await waitForClicks(1);
    expect(row).toMatchObject({
      bookmaker: 'pinnacle',
      eventId: null,
      outcome: null,
      leagueSlug: null,
    });
  });

  it.each(BOOKMAKERS.map((b) => [b.key, new URL(b.site).href]))(
    'sends %s to %s',
    async (key, site) => {
      const response = await go(`/go/${key}?event=e1`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(site);
      expect(site.startsWith('https://')).toBe(true);
      await waitForClicks(1);
    },
  );

  it.each([
    ['betclic', 'https://www.betclic.com/'],
    ['betclic_fr', 'https://www.betclic.com/'],
    ['888sport', 'https://www.888sport.com/'],
    ['mr-green_se', 'https://www.mr-green.com/'],
    ['sport888_uk_ex', 'https://www.sport888.com/'],
    // A name Object.prototype holds is a key like any other, never looked up on an object.
    ['constructor', 'https://www.constructor.com/'],
    ['b'.repeat(60), `https://www.${'b'.repeat(60)}.com/`],
  ])(
    'sends the unlisted bookmaker %s to the address guessed from its key and records the click',
    async (key, site) => {
      const response = await go(`/go/${key}?event=e1&outcome=Draw&league=ligue-1`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(site);
      expect(response.headers['cache-control']).toBe('no-store');
      const [row] = await waitForClicks(1);
      expect(row).toMatchObject({
        bookmaker: key,
        eventId: 'e1',
        outcome: 'Draw',
        leagueSlug: 'ligue-1',
        targetUrl: site,
      });
    },
  );

  it.each(['evil', 'evil-example', 'phishing_uk'])(
    'answers 404 and records nothing for %s, a well-formed key no stored price names',
    async (bookmaker) => {
      const response = await go(`/go/${bookmaker}?event=e1`);
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.json<{ error: string }>().error).toMatch(/^bookmaker: /);
      await expectNoClickBut('sentinel');
    },
  );

  it.each([
    ['a foreign host', 'evil.com'],
    ['a script address', 'javascript:alert(1)'],
    ['an encoded path step', '..%2F'],
    ['an encoded address', 'https%3A%2F%2Fevil.example'],
    ['an encoded slash', 'bet%2F365'],
    ['an at sign', 'evil%40bet365'],
    ['a space', 'bet%20365'],
    ['another case', 'BET365'],
    ['a leading underscore', '_bet365'],
    ['a trailing hyphen', 'bet365-'],
    ['a doubled separator', 'bet__365'],
    ['a letter outside a-z', 'b%C3%A9t365'],
    ['an overlong name', 'b'.repeat(61)],
  ])('answers 400 and records nothing for %s', async (_, bookmaker) => {
    const response = await go(`/go/${bookmaker}?event=e1`);
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.json<{ error: string }>().error).toMatch(/^bookmaker: /);
    await expectNoClickBut('sentinel');
  });

  const hostile = [
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '<script>alert(1)</script>',
    "'; delete from affiliate_clicks; --",
    '../../etc/passwd',
    '%2F%2Fevil.example',
    'ﬀ\u202e\ud83d\ude00',
  ];

  it.each(hostile.flatMap((value) => ['event', 'outcome'].map((field) => [field, value])))(
    'keeps the redirect on the bookmaker when %s is %j',
    async (field, value) => {
      const response = await go(`/go/bet365?${new URLSearchParams({ [field]: value })}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://www.bet365.com/');
      expect(response.headers['set-cookie']).toBeUndefined();
      await waitForClicks(1);
    },
  );

  // The site's links name a league by its slug: anything else is not a click on one of them.
  it.each([...hostile, 'x;=1+1', '=HYPERLINK("https://evil.example","x")', '-1', 'Serie-A'])(
    'answers 400 and records nothing when the league is %j',
    async (league) => {
      const response = await go(`/go/bet365?${new URLSearchParams({ event: 'e1', league })}`);
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.json<{ error: string }>().error).toMatch(/^league: /);
      await expectNoClickBut('sentinel');
    },
  );

  it('answers 400 and records nothing for the league x;=1+1 as a probe sends it', async () => {
    const response = await go('/go/bet365?league=x;=1+1');
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    await expectNoClickBut('sentinel');
  });

  it.each(['premier-league', 'la-liga', 'serie-a', 'bundesliga', 'ligue-1'])(
    'records the league %s, one of the site’s',
    async (league) => {
      const response = await go(`/go/bet365?event=e1&league=${league}&page=league`);
      expect(response.statusCode).toBe(302);
      const [row] = await waitForClicks(1);
      expect(row).toMatchObject({ eventId: 'e1', leagueSlug: league, sourcePage: 'league' });
    },
  );

  it.each(['atlantis', 'serie-b', 'premier-league-2'])(
    'sends the fan on but records no league for %s, a slug the site has no league for',
    async (league) => {
      const response = await go(`/go/bet365?event=e1&outcome=home&league=${league}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://www.bet365.com/');
      const [row] = await waitForClicks(1);
      expect(row).toMatchObject({ eventId: 'e1', outcome: 'home', leagueSlug: null });
    },
  );

  it.each(['\r\nLocation: https://evil.example', 'e\u0000', 'e\u0085'])(
    'answers 400 and records nothing for a control character in %j',
    async (event) => {
      // NUL would reach Postgres, which refuses it in text; no control character is a value.
      const response = await go(`/go/bet365?${new URLSearchParams({ event })}`);
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.json<{ error: string }>().error).toBe(
        'query.event: contains an invalid character',
      );
      await expectNoClickBut('sentinel');
    },
  );

  it('stores a hostile value as plain data', async () => {
    const event = "'; delete from affiliate_clicks; --";
    await go(`/go/bet365?${new URLSearchParams({ event, outcome: '<script>x</script>' })}`);
    const [row] = await waitForClicks(1);
    expect(row).toMatchObject({ eventId: event, outcome: '<script>x</script>' });
  });

  it.each([
    ['an overlong event', { event: 'e'.repeat(201) }, /^event: /],
    ['an overlong outcome', { outcome: 'o'.repeat(201) }, /^outcome: /],
    ['an overlong league', { league: 'l'.repeat(101) }, /^league: /],
    ['a very long event', { event: 'https://evil.example/'.repeat(100) }, /^event: /],
    ['a target field', { target: 'https://evil.example' }, /^query\.target: unknown field$/],
    ['a url field', { url: 'https://evil.example' }, /^query\.url: unknown field$/],
  ])('answers 400 and records nothing for %s', async (_, query, error) => {
    const response = await go(`/go/bet365?${new URLSearchParams(query)}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.json<{ error: string }>().error).toMatch(error);
    await expectNoClickBut('sentinel');
  });

  it('answers 400 for a repeated field', async () => {
    const response = await go('/go/bet365?event=e1&event=https://evil.example');
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });

  it('answers 401 without the session cookie and records nothing', async () => {
    const response = await go('/go/bet365?event=e1&outcome=home&league=serie-a', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
    expect(response.headers.location).toBeUndefined();
    await expectNoClickBut('sentinel');
  });
});

describe('GET /go/:bookmaker with a sixth league in the database', () => {
  let six: TestApp;
  let sixCookie: string;
  beforeAll(async () => {
    six = await createTestApp({}, { leagues: [...LEAGUES, EREDIVISIE] });
    sixCookie = await loginCookie(six.app);
  });
  afterAll(async () => {
    await six.close();
  });

  it('records the league the database holds, not only the registry’s five', async () => {
    const response = await six.app.inject({
      url: '/go/bet365?event=e1&league=eredivisie&page=league',
      headers: { cookie: sixCookie },
    });
    expect(response.statusCode).toBe(302);
    for (let i = 0; i < 100; i++) {
      const rows = await six.database.db.select().from(affiliateClicks);
      if (rows.length > 0) {
        expect(rows).toMatchObject([{ eventId: 'e1', leagueSlug: 'eredivisie' }]);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the click was not recorded');
  });
});

describe('GET /go/:bookmaker click limits (SECURITY §6)', () => {
  let limited: TestApp;
  let limitedCookie: string;
  // The limiter's windows follow Date.now: only the clock is faked, timers run for real.
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-21T15:30:00Z'));
    limited = await createTestApp({ clickLimiter: createClickLimiter() });
    limitedCookie = await loginCookie(limited.app);
  });
  afterAll(async () => {
    await limited.close();
    vi.useRealTimers();
  });

  const click = async (remoteAddress: string, event: string, outcome = 'home') => {
    const response = await limited.app.inject({
      url: `/go/bet365?${new URLSearchParams({ event, outcome })}`,
      headers: { cookie: limitedCookie },
      remoteAddress,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://www.bet365.com/');
  };
  /**
   * The events recorded, once a last sure click (`sentinel`, from an address of its own) and at
   * least `count` others are in (inserts on several connections may land out of order).
   */
  let sentinels = 0;
  const recordedEvents = async (sentinel: string, count: number) => {
    sentinels++;
    await click(`198.18.${Math.floor(sentinels / 250)}.${sentinels % 250}`, sentinel);
    for (let i = 0; i < 100; i++) {
      const rows = await limited.database.db
        .select()
        .from(affiliateClicks)
        .orderBy(asc(affiliateClicks.id));
      const events = rows.map((r) => r.eventId).filter((e) => !e?.startsWith('sentinel-'));
      if (rows.some((r) => r.eventId === sentinel) && events.length >= count) return events;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the click ${sentinel} was not recorded`);
  };

  beforeEach(async () => {
    await limited.database.db.delete(affiliateClicks);
    advance(120_000);
  });

  it('redirects the 31st click in a minute from one address but does not record it', async () => {
    for (let i = 0; i < 30; i++) {
      await click('192.0.2.1', `e${i}`);
      // One insert at a time: a burst would meet the cap on inserts waiting (5), not the limit.
      await recordedEvents(`sentinel-1.${i}`, i + 1);
    }
    await click('192.0.2.1', 'e30');
    const events = await recordedEvents('sentinel-1', 30);
    expect(events).toHaveLength(30);
    expect(events).not.toContain('e30');
    // Another address is counted on its own.
    await click('192.0.2.2', 'e30');
    expect(await recordedEvents('sentinel-2', 31)).toEqual([...events, 'e30']);
  });

  it('records the same offer from one address once within 10 s, and again after', async () => {
    await click('192.0.2.3', 'e1');
    await click('192.0.2.3', 'e1');
    advance(9_000);
    await click('192.0.2.3', 'e1');
    // Another outcome is another offer; another address is another fan.
    await click('192.0.2.3', 'e1', 'away');
    await click('192.0.2.4', 'e1');
    expect(await recordedEvents('sentinel-3', 3)).toEqual(['e1', 'e1', 'e1']);
    advance(1_000);
    await click('192.0.2.3', 'e1');
    expect(await recordedEvents('sentinel-4', 4)).toEqual(['e1', 'e1', 'e1', 'e1']);
  });
});

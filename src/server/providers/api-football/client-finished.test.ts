import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestApiFootball,
  readApiFootballBody,
  serveApiFootball,
  type FakeAnswer,
} from '../../../../tests/helpers/fake-api-football.ts';
import { readListGaps } from '../provider.ts';

// The goals and figures of finished matches (finished-details.ts, NOTES.md §13): the day's
// list has none, so a match is read with `/fixtures?ids=` once it has finished, on the day's
// quota, and what was read goes with it on every later poll.

const BASE = 'https://api-football.test/v3';
const NOW = Date.parse('2026-10-18T12:00:00Z');
const DAY_FROM = new Date('2026-10-18T00:00:00Z');
const DAY_TO = new Date('2026-10-19T00:00:00Z');
const MINUTE = 60 * 1000;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Item = {
  fixture: { id: number; date: string };
  events?: { type: string; detail: string }[];
};
type Body = { response: Item[] } & Record<string, unknown>;

const quota = (remaining: number) => ({
  'x-ratelimit-requests-limit': '100',
  'x-ratelimit-requests-remaining': String(remaining),
});

/**
 * `/fixtures`: the day's list for `date=`, and for `ids=` the finished match of the list as
 * `fixtures-ids-finished` gives it, for each id asked that `details` knows.
 */
function fixtures(
  options: {
    day?: () => Body;
    details?: (id: string) => Item | undefined;
    idsAnswer?: () => Response | undefined;
    remaining?: () => number;
  } = {},
): FakeAnswer {
  const day = options.day ?? (() => readApiFootballBody('fixtures-date') as Body);
  const finished = () => (readApiFootballBody('fixtures-ids-finished') as Body).response[0];
  const details = options.details ?? ((id) => (id === '1379120' ? finished() : undefined));
  return (request) => {
    const query = new URL(request.url).searchParams;
    const headers = quota(options.remaining?.() ?? 87);
    const ids = query.get('ids');
    if (ids === null) return HttpResponse.json(day(), { headers });
    const special = options.idsAnswer?.();
    if (special !== undefined) return special;
    const response = ids.split('-').flatMap((id) => details(id) ?? []);
    return HttpResponse.json(
      { get: 'fixtures', parameters: { ids }, errors: [], results: response.length, response },
      { headers },
    );
  };
}

function setup(answer: FakeAnswer) {
  const seen = serveApiFootball(server, BASE, { fixtures: [answer] });
  let nowMs = NOW;
  const { source, warnings } = createTestApiFootball({ baseUrl: BASE, now: () => nowMs });
  const poll = async () => (await source.listMatches?.(DAY_FROM, DAY_TO)) ?? [];
  const byId = async () => new Map((await poll()).map((m) => [m.externalId, m]));
  const asked = () => seen.map((s) => s.query.ids ?? `date=${s.query.date}`);
  return {
    source,
    warnings,
    poll,
    byId,
    asked,
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

describe('the goals and figures of a finished match', () => {
  it('are read once with fixtures?ids= and given with the match on every later poll', async () => {
    const { source, byId, asked } = setup(fixtures());

    const first = await byId();
    expect(asked()).toEqual(['date=2026-10-18', '1379120']);
    const finished = first.get('api-football:1379120');
    expect(finished?.events?.map((g) => [g.side, g.minute, g.added, g.ownGoal])).toEqual([
      ['home', 45, 2, false],
      ['home', 61, 0, true],
      ['away', 88, 0, false],
    ]);
    expect(finished?.facts).toMatchObject({
      goalsRecorded: true,
      referee: 'M. Oliver',
      statistics: { home: { shots: 14, xg: 1.87 }, away: { shots: 9, xg: 0.64 } },
    });
    // The match under way keeps what the list says: its facts, no goals.
    expect(first.get('api-football:1391000')).not.toHaveProperty('events');
    expect(first.get('api-football:1391000')?.facts?.goalsRecorded).toBe(false);

    const second = await byId();
    expect(asked()).toEqual(['date=2026-10-18', '1379120', 'date=2026-10-18']);
    expect(second.get('api-football:1379120')?.events).toEqual(finished?.events);
    expect(second.get('api-football:1379120')?.facts).toEqual(finished?.facts);
    expect(source.client.stats()).toMatchObject({ callsToday: 3, failures: 0, deferred: 0 });
  });

  it('ask nothing more when no match has finished', async () => {
    const day = () => {
      const body = readApiFootballBody('fixtures-date') as Body;
      body.response = body.response.filter((item) => item.fixture.id !== 1379120);
      return body;
    };
    const { poll, asked } = setup(fixtures({ day }));
    await poll();
    await poll();
    expect(asked()).toEqual(['date=2026-10-18', 'date=2026-10-18']);
  });

  it('wait, noted once as deferred, while the day has no more than its floor of requests left', async () => {
    let remaining = 10;
    const { source, byId, asked } = setup(fixtures({ remaining: () => remaining }));

    const first = await byId();
    remaining = 9;
    await byId();
    expect(asked()).toEqual(['date=2026-10-18', 'date=2026-10-18']);
    // Never read: neither goals nor facts, so what is stored for the match stays.
    expect(first.get('api-football:1379120')).not.toHaveProperty('events');
    expect(first.get('api-football:1379120')).not.toHaveProperty('facts');
    expect(first.get('api-football:1379120')).toMatchObject({ phase: 'finished', homeScore: 2 });
    expect(source.client.stats()).toMatchObject({ deferred: 1, failures: 0 });
    expect(source.client.stats().lastDeferral).toBe(
      'api-football: goals and figures of 1 finished matches wait until ' +
        "2026-10-19T00:00:00.000Z: 10 requests left today, 10 kept for the day's matches",
    );

    remaining = 11;
    const later = await byId();
    expect(asked()).toEqual(['date=2026-10-18', 'date=2026-10-18', 'date=2026-10-18', '1379120']);
    expect(later.get('api-football:1379120')?.events).toHaveLength(3);
  });

  it('never fail the list: a refused answer is noted and read again half an hour later', async () => {
    let broken = true;
    const html = () =>
      new HttpResponse('<html>busy</html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });
    const { source, byId, asked, advance, warnings } = setup(
      fixtures({ idsAnswer: () => (broken ? html() : undefined) }),
    );

    const first = await byId();
    expect(first.size).toBe(6);
    expect(first.get('api-football:1379120')).not.toHaveProperty('events');
    expect(first.get('api-football:1379120')).not.toHaveProperty('facts');
    expect(source.client.stats()).toMatchObject({ failures: 1 });
    expect(warnings).toEqual(['api-football: an HTML page instead of JSON']);

    broken = false;
    advance(29 * MINUTE);
    await byId();
    expect(asked()).toEqual(['date=2026-10-18', '1379120', 'date=2026-10-18']);

    advance(2 * MINUTE);
    const later = await byId();
    expect(asked().slice(3)).toEqual(['date=2026-10-18', '1379120']);
    expect(later.get('api-football:1379120')?.events).toHaveLength(3);
  });

  it('are read again, three times at most, while the goals do not add up to the score', async () => {
    // The answer lacks the 88th-minute goal of the 2-1.
    const short = () => {
      const item = (readApiFootballBody('fixtures-ids-finished') as Body).response[0];
      if (item?.events === undefined) throw new Error('fixture has no events');
      item.events = item.events.filter((e) => e.detail !== 'Normal Goal');
      return item;
    };
    const { byId, asked, advance } = setup(fixtures({ details: short }));

    const first = await byId();
    // Given as read, but not said to be recorded: two goals for a 2-1.
    expect(first.get('api-football:1379120')?.events).toHaveLength(2);
    expect(first.get('api-football:1379120')?.facts?.goalsRecorded).toBe(false);
    for (let i = 0; i < 4; i++) {
      advance(31 * MINUTE);
      await byId();
    }
    expect(asked().filter((q) => q === '1379120')).toHaveLength(3);
  });

  it('are asked 20 matches a request, and a match the answer lacks is asked again later', async () => {
    const template = (readApiFootballBody('fixtures-date') as Body).response[0] as Item;
    const items = Array.from({ length: 25 }, (_, i) => ({
      ...structuredClone(template),
      fixture: { ...structuredClone(template.fixture), id: 5000 + i },
    }));
    const day = () => ({
      ...(readApiFootballBody('fixtures-date') as Body),
      // And an item of the Premier League without an id: the list is partial.
      response: [...structuredClone(items), { league: { id: 39 }, fixture: {} } as unknown as Item],
    });
    const details = (id: string) => {
      if (id === '5024') return undefined;
      const item = (readApiFootballBody('fixtures-ids-finished') as Body).response[0] as Item;
      return { ...item, fixture: { ...item.fixture, id: Number(id) } };
    };
    const { poll, asked, advance } = setup(fixtures({ day, details }));

    const first = await poll();
    const requests = asked().filter((q) => !q.startsWith('date='));
    expect(requests.map((q) => q.split('-').length)).toEqual([20, 5]);
    expect(requests[0]?.split('-')[0]).toBe('5000');
    expect(first.filter((m) => m.events !== undefined)).toHaveLength(24);
    expect(first.find((m) => m.externalId === 'api-football:5024')).not.toHaveProperty('facts');
    // What the day's list left out stays noted on the list.
    expect(readListGaps(first)).toEqual({ leftOut: [], partial: true });

    advance(31 * MINUTE);
    const later = await poll();
    expect(asked().slice(-2)).toEqual(['date=2026-10-18', '5024']);
    expect(later.filter((m) => m.events !== undefined)).toHaveLength(24);
    expect(readListGaps(later).partial).toBe(true);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';

import { startServer, type RunningServer } from '../helpers/e2e-server.ts';
import { postLogin, readSessionCookie } from '../helpers/login.ts';

// 2026-11-21 replays 15 October 2022; Fulham v Bournemouth kicked off at 15:00 UK (14:00 UTC)
// and ended 2-2 (1-2 at half-time).
// From 5 minutes in at 120 times real speed, half-time comes about 20 s after the server's clock
// starts and full time in under a minute: room for a slow start on a busy machine.
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({
    NOW: '2026-11-21T14:05:00Z',
    CLOCK_SPEED: '120',
    // The season whose matches this test names (Fulham v Bournemouth, 15 October 2022).
    REPLAY_SEASON: '2022-2023',
  });
  const login = await postLogin(server.url, 'kickoff');
  expect(login.status).toBe(204);
  cookie = readSessionCookie(login);
});
afterAll(async () => {
  await server?.stop();
});

type Item = { local: string; visitor: string; status: number; minute: string; result: string };

it(
  'plays a match through half-time to full time on a sped-up clock',
  { timeout: 120_000 },
  async () => {
    const seen: Item[] = [];
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${server.url}/api/matches/today?league=premier-league`, {
        headers: { cookie },
      });
      const text = await response.text();
      // The overload guard may turn a request away while the server is busy (Retry-After, as a
      // browser's retry would honour): ask again rather than read it as the board.
      if (response.status === 503 && response.headers.has('retry-after')) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        continue;
      }
      expect(response.status, text).toBe(200);
      const { matches } = JSON.parse(text) as { matches: Item[] };
      const match = matches.find((m) => m.local === 'Fulham' && m.visitor === 'Bournemouth');
      expect(match, 'Fulham v Bournemouth is on the board').toBeDefined();
      if (match !== undefined) seen.push(match);
      if (match?.status === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const statuses = seen.map((m) => m.status).filter((s, i, all) => i === 0 || all[i - 1] !== s);
    expect(statuses).toEqual([0, 5, 0, 1]);
    expect(seen.find((m) => m.status === 5)?.minute).toBe('HT');
    const last = seen.at(-1);
    expect(last).toMatchObject({ status: 1, minute: 'FT', result: '2-2' });
    expect(seen.find((m) => m.status === 5)?.result).toBe('1-2');
    const secondHalf = seen.filter((m) => m.status === 0 && Number.parseInt(m.minute, 10) > 45);
    expect(secondHalf.length).toBeGreaterThan(0);
  },
);

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { teams } from '../db/schema.ts';
import { upsertTeams } from '../db/teams-queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const team = (key: string, shortName: string) => ({
    key,
    leagueSlug: 'serie-a',
    name: key,
    shortName,
    logoUrl: null,
  });
  await upsertTeams(t.database.db, [
    team('inter', 'INT'),
    team('plain-fc', 'PLN'),
    team('odd-fc', '<&>"'),
    team('evil-fc', 'EVL'),
  ]);
  await t.database.db
    .update(teams)
    .set({ primaryColour: '#0068a8', secondaryColour: '#000000' })
    .where(eq(teams.key, 'inter'));
  // A club whose name and colours are written to break out of the picture.
  await t.database.db
    .update(teams)
    .set({
      name: '</text><script>alert(1)</script>',
      primaryColour: '#fff" onload="alert(1)',
      secondaryColour: 'url(javascript:alert(1))',
    })
    .where(eq(teams.key, 'evil-fc'));
});
afterAll(async () => {
  await t.close();
});

// The images are behind the gate: the browser sends the session cookie with them.
let cookie: string;
beforeAll(async () => {
  cookie = await loginCookie(t.app);
});
const get = (url: string) => t.app.inject({ url, headers: { cookie } });

describe('the drawn images without the session cookie', () => {
  it.each(['/img/crest/inter.svg', '/img/player/123.svg', '/img/crest/no-such-club.svg'])(
    'answer 401 for %s',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('<svg');
    },
  );
});

describe('GET /img/crest/:file', () => {
  it("draws the team's crest with its short name and colours, cached for a year", async () => {
    const response = await get('/img/crest/inter.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(response.body).toContain('aria-label="INT"');
    expect(response.body).toContain('>INT</text>');
    expect(response.body).toContain('fill="#0068a8"');
    expect(response.body).toContain('stroke="#000000"');
  });

  it('draws the same bytes on a second request', async () => {
    const first = await get('/img/crest/inter.svg');
    const second = await get('/img/crest/inter.svg');
    expect(second.body).toBe(first.body);
  });

  it('falls back to neutral colours for a team without any', async () => {
    const response = await get('/img/crest/plain-fc.svg');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('>PLN</text>');
    expect(response.body).toContain('fill="#1f2937"');
  });

  it('escapes a short name that looks like markup', async () => {
    const response = await get('/img/crest/odd-fc.svg');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('>&lt;&amp;&gt;</text>');
    expect(response.body).not.toContain('<&>');
  });

  it('answers 404 for an unknown team', async () => {
    const response = await get('/img/crest/no-such-club.svg');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not Found' });
  });

  it.each([
    ['a path step', '..%2Fx.svg'],
    ['capitals', 'A.svg'],
    ['another extension', 'inter.png'],
    ['no extension', 'inter'],
    ['an empty name', '.svg'],
    ['a space', 'inter%20fc.svg'],
    ['an overlong name', `${'a'.repeat(81)}.svg`],
  ])('answers 400 for %s', async (_, file) => {
    const response = await get(`/img/crest/${file}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'file: must be a crest file name' });
  });
});

describe('GET /img/report/:home/:away/:file', () => {
  it('draws both crests and the score, with the same headers as a crest', async () => {
    const response = await get('/img/report/inter/plain-fc/2-1.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    const svg = response.body;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 640 360"/);
    expect(svg).toContain('aria-label="inter 2–1 plain-fc"');
    expect(svg).toContain('>2–1</text>');
    // The two crests, home on the left.
    expect(svg.indexOf('>INT</text>')).toBeGreaterThan(-1);
    expect(svg.indexOf('>PLN</text>')).toBeGreaterThan(svg.indexOf('>INT</text>'));
    expect(svg).toContain('fill="#0068a8"');
  });

  it('draws the score the address names, whichever it is', async () => {
    const [a, b] = await Promise.all([
      get('/img/report/inter/plain-fc/0-0.svg'),
      get('/img/report/plain-fc/inter/10-3.svg'),
    ]);
    expect(a.body).toContain('>0–0</text>');
    expect(b.body).toContain('>10–3</text>');
    expect(b.body.indexOf('>PLN</text>')).toBeLessThan(b.body.indexOf('>INT</text>'));
  });

  it('escapes names that look like markup and drops colours that are not colours', async () => {
    const response = await get('/img/report/odd-fc/evil-fc/1-0.svg');
    expect(response.statusCode).toBe(200);
    const svg = response.body;
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<&>');
    expect(svg).not.toContain('onload');
    expect(svg).not.toContain('javascript:');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(svg).toContain('>&lt;&amp;&gt;</text>');
    // The only elements are the drawing's own.
    const elements = new Set([...svg.matchAll(/<([a-zA-Z]+)/g)].map((m) => m[1]));
    expect([...elements].sort()).toEqual(
      ['circle', 'defs', 'g', 'linearGradient', 'path', 'rect', 'stop', 'svg', 'text'].sort(),
    );
  });

  it('answers 404 when a club is unknown', async () => {
    const response = await get('/img/report/inter/no-such-club/1-0.svg');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not Found' });
  });

  it.each([
    ['a path step', 'inter/..%2Fx/1-0.svg', 'away: must be a club key'],
    ['capitals', 'Inter/plain-fc/1-0.svg', 'home: must be a club key'],
    ['markup in a key', 'inter/%3Cb%3E/1-0.svg', 'away: must be a club key'],
    ['an overlong key', `${'a'.repeat(81)}/inter/1-0.svg`, 'home: must be a club key'],
    ['the same club twice', 'inter/inter/1-0.svg', 'away: must be another club than home'],
    ['three-digit goals', 'inter/plain-fc/100-0.svg', 'file: must be a score file name'],
    ['a leading zero', 'inter/plain-fc/01-0.svg', 'file: must be a score file name'],
    ['a negative score', 'inter/plain-fc/-1-0.svg', 'file: must be a score file name'],
    ['another extension', 'inter/plain-fc/1-0.png', 'file: must be a score file name'],
    ['text for a score', 'inter/plain-fc/a-b.svg', 'file: must be a score file name'],
  ])('answers 400 for %s', async (_, path, error) => {
    const response = await get(`/img/report/${path}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('answers 401 without the session cookie', async () => {
    const response = await t.app.inject({ url: '/img/report/inter/plain-fc/2-1.svg' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('<svg');
  });
});

describe('GET /img/player/:file', () => {
  it('draws a player placeholder, cached for a year', async () => {
    const response = await get('/img/player/123.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(response.body).toMatch(/^<svg [^>]*aria-label="player"/);
  });

  it('tints the same id the same way and another id differently', async () => {
    const [a, again, b] = await Promise.all([
      get('/img/player/123.svg'),
      get('/img/player/123.svg'),
      get('/img/player/456.svg'),
    ]);
    expect(again.body).toBe(a.body);
    expect(b.body).not.toBe(a.body);
  });

  it.each([['..%2Fx.svg'], ['P1.svg'], ['123.png']])('answers 400 for %s', async (file) => {
    const response = await get(`/img/player/${file}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'file: must be a photo file name' });
  });
});

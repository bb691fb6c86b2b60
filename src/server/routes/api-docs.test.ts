import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../http/security-headers.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('the HTTP contract as OpenAPI and as a page', () => {
  it.each(['/api/openapi.json', '/api/docs'])('keeps %s behind the gate', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
  });

  it('serves an OpenAPI 3.1 document with the request and answers of each route', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: object }>>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    const odds = document.paths['/api/odds']?.get;
    expect(odds?.parameters?.map((p) => p.name)).toEqual(['league', 'market']);
    expect(Object.keys(odds?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '304', '400', '401', '404', '429', '500', '503']),
    );
    expect(document.paths['/api/session']?.post).toMatchObject({ security: [] });
  });

  it('serves a page without script, under the site policy plus its own stylesheet', async () => {
    const response = await t.app.inject({ url: '/api/docs', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('/functions/v1/fetch-odds');
    expect(response.body).not.toMatch(/<script/i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] ?? '';
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy([hash]));
    // Every other header is the site's own.
    const { 'content-security-policy': _, ...others } = SECURITY_HEADERS;
    for (const [name, value] of Object.entries(others)) expect(response.headers[name]).toBe(value);
  });
});

describe('the page opened without a session', () => {
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it("gets the app's page, whose gate opens the way, as any other page does", async () => {
    const docs = await t.app.inject({ url: '/api/docs', headers: { accept: BROWSER } });
    const page = await t.app.inject({ url: '/news', headers: { accept: BROWSER } });
    expect(page.statusCode).toBe(200);
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toBe(page.body);
    for (const name of ['content-type', 'cache-control', 'content-security-policy', 'vary']) {
      expect(docs.headers[name], name).toBe(page.headers[name]);
    }
  });

  it.each([
    ['/api/docs', 'application/json'],
    ['/api/docs', '*/*'],
    ['/api/openapi.json', BROWSER],
  ])('keeps %s refused in JSON to Accept: %s', async (url, accept) => {
    const response = await t.app.inject({ url, headers: { accept } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
  });

  it('is the page itself once signed in', async () => {
    const response = await t.app.inject({ url: '/api/docs', headers: { accept: BROWSER, cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('/functions/v1/fetch-odds');
  });
});

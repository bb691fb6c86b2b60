// The operator's reports (the clicks report, the upstreams' status) on a site reachable from
// other machines: closed without ADMIN_PASSWORD, behind it once set; open on loopback as before.
import { afterEach, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { NO_ADMIN_PASSWORD_REFUSAL } from '../http/admin-auth.ts';

const REPORTS = ['/api/status', '/api/admin/clicks', '/api/admin/clicks.csv'];

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function read(app: TestApp['app'], url: string, headers: Record<string, string> = {}) {
  return app.inject({ url, headers });
}

describe("the operator's reports", () => {
  it('are refused to a fan, saying to set ADMIN_PASSWORD, on a site reachable from other machines', async () => {
    t = await createTestApp({ listensBeyondLoopback: true });
    const cookie = await loginCookie(t.app);
    for (const url of REPORTS) {
      const response = await read(t.app, url, { cookie });
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ error: NO_ADMIN_PASSWORD_REFUSAL.message });
    }
    // A fan still reads the site, and the news sync keeps its rule (open past the gate).
    expect((await read(t.app, '/api/leagues', { cookie })).statusCode).toBe(200);
  });

  it('need the admin password once it is set there', async () => {
    t = await createTestApp({
      listensBeyondLoopback: true,
      adminPassword: 'a long admin password',
    });
    const cookie = await loginCookie(t.app);
    for (const url of REPORTS) {
      expect((await read(t.app, url, { cookie })).statusCode, url).toBe(403);
      const admin = await read(t.app, url, {
        cookie,
        'x-admin-password': 'a long admin password',
      });
      expect(admin.statusCode, url).toBe(200);
    }
  });

  it('stay open past the gate on a site that listens on loopback alone', async () => {
    t = await createTestApp();
    const cookie = await loginCookie(t.app);
    for (const url of REPORTS)
      expect((await read(t.app, url, { cookie })).statusCode, url).toBe(200);
  });
});

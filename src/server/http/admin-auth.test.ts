import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import { createAdminAuth } from './admin-auth.ts';
import { HttpError } from './errors.ts';
import type { LoginThrottle } from './login-throttle.ts';

const PASSWORD = 'the gaffer knows best';

/** Requests carrying `cookie: session` count as having a session. */
const hasSession = (request: FastifyRequest) => request.headers.cookie === 'session';

const request = (headers: Record<string, string | string[]>, ip = '198.51.100.1') =>
  ({ headers, ip, log: { error: vi.fn(), warn: vi.fn() } }) as unknown as FastifyRequest;

/** A throttle that runs every check, or refuses every attempt, and counts the attempts. */
function createThrottle(refuse = false) {
  const attempt = vi.fn<LoginThrottle['attempt']>(async (_address, check) =>
    refuse
      ? { outcome: 'throttled', retryAfter: 42, alert: false }
      : { outcome: (await check()) ? 'right' : 'wrong', alert: false },
  );
  return { attempt };
}

describe('createAdminAuth', () => {
  it('takes the password from x-admin-password or a bearer token, counting each', async () => {
    const throttle = createThrottle();
    const auth = createAdminAuth({ adminPassword: PASSWORD, throttle, hasSession });
    expect(auth.required).toBe(true);
    expect(await auth.checkHeader(request({ 'x-admin-password': PASSWORD }))).toBe('right');
    expect(await auth.checkHeader(request({ 'x-admin-password': `${PASSWORD}!` }))).toBe('wrong');
    expect(await auth.checkBearer(request({ authorization: `Bearer ${PASSWORD}` }))).toBe('right');
    expect(await auth.checkBearer(request({ authorization: 'Bearer nope' }))).toBe('wrong');
    expect(throttle.attempt).toHaveBeenCalledTimes(4);
    expect(throttle.attempt).toHaveBeenCalledWith('198.51.100.1', expect.any(Function));
  });

  it('does not count a request that presents no admin password', async () => {
    const throttle = createThrottle();
    const auth = createAdminAuth({ adminPassword: PASSWORD, throttle, hasSession });
    expect(await auth.checkHeader(request({}))).toBe('none');
    expect(await auth.checkHeader(request({ 'x-admin-password': ['a', 'b'] }))).toBe('none');
    expect(await auth.checkBearer(request({}))).toBe('none');
    expect(await auth.checkBearer(request({ authorization: `Basic ${PASSWORD}` }))).toBe('none');
    expect(throttle.attempt).not.toHaveBeenCalled();
  });

  it('takes no password and counts nothing when none is set', async () => {
    const throttle = createThrottle();
    const auth = createAdminAuth({ adminPassword: undefined, throttle, hasSession });
    expect(auth.required).toBe(false);
    expect(await auth.checkHeader(request({ 'x-admin-password': 'anything' }))).toBe('none');
    expect(await auth.checkBearer(request({ authorization: 'Bearer anything' }))).toBe('none');
    expect(throttle.attempt).not.toHaveBeenCalled();
  });

  it('answers 429 with Retry-After while throttled, even to the right password', async () => {
    const auth = createAdminAuth({
      adminPassword: PASSWORD,
      throttle: createThrottle(true),
      hasSession,
    });
    const refused = auth.checkHeader(request({ 'x-admin-password': PASSWORD }));
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '42' },
    });
  });
});

describe('the admin checks of the routes', () => {
  const refusal = { statusCode: 403, message: 'Admin password required' };

  it('refuse a missing or wrong x-admin-password with one answer, and take the right one', async () => {
    const auth = createAdminAuth({
      adminPassword: PASSWORD,
      throttle: createThrottle(),
      hasSession,
    });
    await expect(auth.requireAdmin(request({ cookie: 'session' }))).rejects.toMatchObject(refusal);
    await expect(
      auth.requireAdmin(request({ cookie: 'session', 'x-admin-password': 'nope' })),
    ).rejects.toMatchObject(refusal);
    await expect(
      auth.requireAdmin(request({ cookie: 'session', 'x-admin-password': PASSWORD })),
    ).resolves.toBeUndefined();
  });

  it('let any session through when no admin password is set', async () => {
    const auth = createAdminAuth({
      adminPassword: undefined,
      throttle: createThrottle(),
      hasSession,
    });
    await expect(auth.requireAdmin(request({ cookie: 'session' }))).resolves.toBeUndefined();
  });

  it('take a session or the admin bearer token, refusing a wrong token with the same answer', async () => {
    const throttle = createThrottle();
    const auth = createAdminAuth({ adminPassword: PASSWORD, throttle, hasSession });
    // A bearer token beside a session is never compared, so it cannot be used to guess.
    await expect(
      auth.requireSessionOrAdmin(request({ cookie: 'session', authorization: 'Bearer nope' })),
    ).resolves.toBeUndefined();
    expect(throttle.attempt).not.toHaveBeenCalled();
    await expect(
      auth.requireSessionOrAdmin(request({ authorization: `Bearer ${PASSWORD}` })),
    ).resolves.toBeUndefined();
    await expect(
      auth.requireSessionOrAdmin(request({ authorization: 'Bearer nope' })),
    ).rejects.toMatchObject(refusal);
  });

  it('take only a session for Prometheus when no admin password is set', async () => {
    const auth = createAdminAuth({
      adminPassword: undefined,
      throttle: createThrottle(),
      hasSession,
    });
    await expect(
      auth.requireSessionOrAdmin(request({ authorization: 'Bearer anything' })),
    ).rejects.toMatchObject({ statusCode: 401, message: 'Unauthorized' });
  });
});

import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import { createAdminAuth } from './admin-auth.ts';
import { HttpError } from './errors.ts';
import type { LoginThrottle } from './login-throttle.ts';

const PASSWORD = 'the gaffer knows best';

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
    const auth = createAdminAuth({ adminPassword: PASSWORD, throttle });
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
    const auth = createAdminAuth({ adminPassword: PASSWORD, throttle });
    expect(await auth.checkHeader(request({}))).toBe('none');
    expect(await auth.checkHeader(request({ 'x-admin-password': ['a', 'b'] }))).toBe('none');
    expect(await auth.checkBearer(request({}))).toBe('none');
    expect(await auth.checkBearer(request({ authorization: `Basic ${PASSWORD}` }))).toBe('none');
    expect(throttle.attempt).not.toHaveBeenCalled();
  });

  it('takes no password and counts nothing when none is set', async () => {
    const throttle = createThrottle();
    const auth = createAdminAuth({ adminPassword: undefined, throttle });
    expect(auth.required).toBe(false);
    expect(await auth.checkHeader(request({ 'x-admin-password': 'anything' }))).toBe('none');
    expect(await auth.checkBearer(request({ authorization: 'Bearer anything' }))).toBe('none');
    expect(throttle.attempt).not.toHaveBeenCalled();
  });

  it('answers 429 with Retry-After while throttled, even to the right password', async () => {
    const auth = createAdminAuth({ adminPassword: PASSWORD, throttle: createThrottle(true) });
    const refused = auth.checkHeader(request({ 'x-admin-password': PASSWORD }));
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '42' },
    });
  });
});

import { describe, expect, it } from 'vitest';

import { createLoginThrottle, type LoginThrottle, type LoginVerdict } from './login-throttle.ts';

const t0 = new Date('2026-11-21T15:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const retryAfter = (throttle: LoginThrottle, address: string, when: Date) =>
  (throttle.check(address, when) as LoginVerdict).retryAfter;

/** Four failures a minute for five minutes: under the minute's limit, at the hour's. */
function failTwentyTimes(throttle: LoginThrottle, address: string): Date {
  let last = t0;
  for (let i = 0; i < 20; i++) {
    last = at(Math.floor(i / 4) * 60 + (i % 4));
    throttle.recordFailure(address, last);
  }
  return last;
}

describe('createLoginThrottle', () => {
  it('lets an address fail five times a minute, then asks it to wait', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 5; i++) {
      expect(retryAfter(throttle, '1.2.3.4', at(i))).toBe(0);
      throttle.recordFailure('1.2.3.4', at(i));
    }
    expect(retryAfter(throttle, '1.2.3.4', at(5))).toBe(55);
  });

  it('counts each address on its own', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 5; i++) throttle.recordFailure('1.2.3.4', at(i));
    expect(retryAfter(throttle, '5.6.7.8', at(5))).toBe(0);
  });

  it('forgets failures once they leave the window', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 5; i++) throttle.recordFailure('1.2.3.4', at(i));
    expect(retryAfter(throttle, '1.2.3.4', at(60))).toBe(0);
  });

  it('blocks an address for an hour from its 20th failure in an hour', () => {
    const throttle = createLoginThrottle();
    const last = failTwentyTimes(throttle, '1.2.3.4');
    const seconds = (last.getTime() - t0.getTime()) / 1000;
    expect(retryAfter(throttle, '1.2.3.4', at(seconds + 1))).toBe(3599);
    expect(retryAfter(throttle, '1.2.3.4', at(seconds + 600))).toBe(3000);
    expect(retryAfter(throttle, '1.2.3.4', at(seconds + 3600))).toBe(0);
    expect(retryAfter(throttle, '5.6.7.8', at(seconds + 1))).toBe(0);
  });

  it('lets 19 failures an hour through', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 19; i++) throttle.recordFailure('1.2.3.4', at(Math.floor(i / 4) * 60));
    expect(retryAfter(throttle, '1.2.3.4', at(10 * 60))).toBe(0);
  });

  it('slows every attempt once 100 failures an hour were spent across addresses', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 99; i++) throttle.recordFailure(`10.0.${i}.1`, at(i * 30));
    expect(throttle.check('192.0.2.1', at(99 * 30))).toEqual({
      retryAfter: 0,
      delayMs: 0,
      alert: false,
    });
    throttle.recordFailure('10.0.99.1', at(99 * 30));
    expect(throttle.check('192.0.2.1', at(99 * 30 + 1))).toEqual({
      retryAfter: 0,
      delayMs: 1000,
      alert: true,
    });
  });

  it('raises the alert once an hour, and stops slowing down when the hour is quiet', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 100; i++) throttle.recordFailure(`10.0.${i}.1`, at(0));
    expect(throttle.check('192.0.2.1', at(1))).toMatchObject({ delayMs: 1000, alert: true });
    expect(throttle.check('192.0.2.2', at(2))).toMatchObject({ delayMs: 1000, alert: false });
    expect(throttle.check('192.0.2.3', at(3599))).toMatchObject({ delayMs: 1000, alert: false });
    expect(throttle.check('192.0.2.4', at(3600))).toMatchObject({ delayMs: 0, alert: false });
    for (let i = 0; i < 100; i++) throttle.recordFailure(`10.1.${i}.1`, at(3700));
    expect(throttle.check('192.0.2.5', at(3701))).toMatchObject({ delayMs: 1000, alert: true });
  });
});

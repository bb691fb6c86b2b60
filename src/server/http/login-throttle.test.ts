import { describe, expect, it } from 'vitest';

import { createLoginThrottle } from './login-throttle.ts';

const t0 = new Date('2026-11-21T15:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('createLoginThrottle', () => {
  it('lets an address fail five times a minute, then asks it to wait', () => {
    const throttle = createLoginThrottle({ limit: 5, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) {
      expect(throttle.retryAfter('1.2.3.4', at(i))).toBe(0);
      throttle.recordFailure('1.2.3.4', at(i));
    }
    expect(throttle.retryAfter('1.2.3.4', at(5))).toBe(55);
  });

  it('counts each address on its own', () => {
    const throttle = createLoginThrottle({ limit: 5, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) throttle.recordFailure('1.2.3.4', at(i));
    expect(throttle.retryAfter('5.6.7.8', at(5))).toBe(0);
  });

  it('forgets failures once they leave the window', () => {
    const throttle = createLoginThrottle({ limit: 5, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) throttle.recordFailure('1.2.3.4', at(i));
    expect(throttle.retryAfter('1.2.3.4', at(60))).toBe(0);
  });
});

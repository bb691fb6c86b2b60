import { describe, expect, it } from 'vitest';

import { isLoopbackHost } from './listen.ts';

describe('isLoopbackHost', () => {
  it('keeps loopback addresses and localhost to this machine', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('counts every other address or name as reachable from other machines', () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.10',
      '10.0.0.2',
      'example.org',
      '127.0.0.1.nip.io',
      '128.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

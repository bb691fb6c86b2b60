import { describe, expect, it } from 'vitest';

import { isPublicAddress } from './addresses.ts';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4009:81f::200e', true],
    ['[2606:4700:4700::1111]', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.0.10', false],
    ['100.100.100.100', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['239.255.255.250', false],
    ['192.0.2.1', false],
    ['::', false],
    ['::1', false],
    ['fc00::1', false],
    ['fdff:ffff::1', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['ff02::fb', false],
    ['::ffff:8.8.8.8', false],
    ['::ffff:127.0.0.1', false],
    ['::127.0.0.1', false],
    ['2001:db8::1', false],
    ['2002:7f00:1::1', false],
    ['0177.0.0.1', false],
    ['127.1', false],
    ['2130706433', false],
    ['localhost', false],
    ['', false],
  ])('%j is public: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

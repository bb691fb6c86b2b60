import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isPublicAddress } from './addresses.ts';
import { isAllowedFeedUrl } from './feed-url.ts';

describe('isAllowedFeedUrl', () => {
  it.each([
    'https://feeds.bbci.co.uk/sport/football/premier-league/rss.xml',
    'http://www.theguardian.com/football/rss',
    'https://example.com:443/feed',
    'http://example.com:80/feed',
    'http://example.com:443/feed',
    'https://93.184.216.34/feed',
    'https://[2606:4700:4700::1111]/feed',
    'https://xn--mnchen-3ya.example/feed',
  ])('allows %j', (url) => {
    expect(isAllowedFeedUrl(url)).toBe(true);
  });

  it.each([
    // schemes
    ['ftp://example.com/feed', 'ftp'],
    ['file:///etc/passwd', 'file'],
    ['gopher://example.com/', 'gopher'],
    ['javascript:alert(1)', 'javascript'],
    ['data:text/xml,<rss/>', 'data'],
    ['feed://example.com/rss', 'feed'],
    ['//example.com/rss', 'scheme-relative'],
    ['example.com/rss', 'no scheme'],
    ['', 'empty'],
    // ports
    ['http://example.com:8080/feed', 'port 8080'],
    ['https://example.com:22/', 'port 22'],
    ['http://example.com:0/', 'port 0'],
    // hosts
    ['http://localhost/', 'localhost'],
    ['http://LOCALHOST./', 'localhost with a dot'],
    ['http://feeds.localhost/', '*.localhost'],
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.255.255.254/', 'loopback /8'],
    ['http://10.0.0.1/', '10/8'],
    ['http://172.16.5.4/', '172.16/12'],
    ['http://172.31.255.255/', '172.16/12 end'],
    ['http://192.168.1.1/', '192.168/16'],
    ['http://100.64.0.1/', '100.64/10'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local metadata'],
    ['http://0.0.0.0/', '0.0.0.0'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://[::]/', '::'],
    ['http://[::1]/', '::1'],
    ['http://[fc00::1]/', 'fc00::/7'],
    ['http://[fd12:3456::1]/', 'fd00::/8'],
    ['http://[fe80::1]/', 'fe80::/10'],
    ['http://[ff02::1]/', 'multicast v6'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['http://[::ffff:7f00:1]/', 'IPv4-mapped loopback in hex'],
    ['http://[::ffff:8.8.8.8]/', 'IPv4-mapped public'],
    ['http://[64:ff9b::7f00:1]/', 'NAT64'],
    // IPv4 spellings
    ['http://0x7f.1/', 'hex, shortened'],
    ['http://0x7f000001/', 'hex integer'],
    ['http://2130706433/', 'decimal integer'],
    ['http://0177.0.0.1/', 'octal'],
    ['http://017700000001/', 'octal integer'],
    ['http://127.1/', 'shortened'],
    ['http://127.0.1/', 'three parts'],
    ['http://0x08.0x08.0x08.0x08/', 'hex spelling of a public address'],
    ['http://%31%32%37.0.0.1/', 'percent-encoded'],
    ['http://１２７.０.０.１/', 'full-width digits'],
    ['http://127.0.0.1./', 'trailing dot'],
    ['http:0x7f.1/', 'no slashes'],
    ['http:\\\\127.0.0.1\\', 'backslashes'],
    // credentials and whitespace
    ['http://user:pass@example.com/', 'credentials'],
    ['http://example.com@127.0.0.1/', 'userinfo confusion'],
    ['http://@example.com/', 'empty userinfo'],
    [' http://example.com/', 'leading space'],
    ['http://exa\tmple.com/', 'tab'],
    ['http://example.com/\nfeed', 'newline'],
  ])('refuses %j (%s)', (url) => {
    expect(isAllowedFeedUrl(url)).toBe(false);
  });

  it('lets an allow-listed host:port through on its own port and private address only', () => {
    const allow = ['127.0.0.1:3000', 'localhost:3000'];
    expect(isAllowedFeedUrl('http://127.0.0.1:3000/feeds/premier-league.xml', allow)).toBe(true);
    expect(isAllowedFeedUrl('http://localhost:3000/feeds/x.xml', allow)).toBe(true);
    expect(isAllowedFeedUrl('http://127.0.0.1:3001/', allow)).toBe(false);
    expect(isAllowedFeedUrl('http://127.0.0.1/', allow)).toBe(false);
    expect(isAllowedFeedUrl('http://0x7f.1:3000/', allow)).toBe(false);
    expect(isAllowedFeedUrl('ftp://127.0.0.1:3000/', allow)).toBe(false);
  });

  it('refuses every non-canonical spelling of any IPv4 address (fast-check)', () => {
    const octets = fc.tuple(
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
    );
    const spell = (n: number, base: 'dec' | 'hex' | 'oct') =>
      base === 'hex' ? `0x${n.toString(16)}` : base === 'oct' ? `0${n.toString(8)}` : String(n);
    const spelling = fc
      .record({
        o: octets,
        base: fc.constantFrom('dec', 'hex', 'oct'),
        form: fc.constantFrom('4', '3', '2', '1'),
      })
      .map(({ o, base, form }) => {
        const [a, b, c, d] = o;
        const value = ((a * 256 + b) * 256 + c) * 256 + d;
        const parts =
          form === '4'
            ? [a, b, c, d]
            : form === '3'
              ? [a, b, c * 256 + d]
              : form === '2'
                ? [a, (b * 256 + c) * 256 + d]
                : [value];
        return parts.map((p) => spell(p, base as 'dec' | 'hex' | 'oct')).join('.');
      })
      .filter((host) => !/^(0|[1-9]\d{0,2})(\.(0|[1-9]\d{0,2})){3}$/.test(host));
    fc.assert(
      fc.property(spelling, fc.constantFrom('http', 'https'), (host, scheme) => {
        expect(isAllowedFeedUrl(`${scheme}://${host}/feed`)).toBe(false);
      }),
      { numRuns: 1000, seed: 20261121 },
    );
  });

  it('refuses every private, loopback, link-local, shared or multicast IPv4 address (fast-check)', () => {
    const blocked = fc.oneof(
      fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(0), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.integer({ min: 224, max: 255 }), fc.nat(255), fc.nat(255), fc.nat(255)),
    );
    fc.assert(
      fc.property(blocked, (octets) => {
        const ip = octets.join('.');
        expect(isPublicAddress(ip)).toBe(false);
        expect(isPublicAddress(`::ffff:${ip}`)).toBe(false);
        expect(isAllowedFeedUrl(`http://${ip}/`)).toBe(false);
        expect(isAllowedFeedUrl(`http://[::ffff:${ip}]/`)).toBe(false);
      }),
      { numRuns: 500, seed: 20261121 },
    );
  });
});

import { describe, expect, it } from 'vitest';

import { escapeXml, rssDocument as rss } from '../../../../tests/helpers/feed-documents.ts';
import { normaliseLink } from './links.ts';
import { parseFeed } from './parse.ts';

describe('item links', () => {
  const itemWithLink = (link: string) =>
    rss(`<item><title>t</title><link>${escapeXml(link)}</link></item>`);

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\nscript:alert(1)',
    '&#106;avascript:alert(1)',
    '%6Aavascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'ftp://a.example/x',
    '//a.example/protocol-relative',
    '/relative/path',
    'https://user:pass@a.example/',
    'https://',
    '',
  ])('drops an item whose link is %j', (link) => {
    expect(parseFeed(itemWithLink(link)).items).toEqual([]);
  });

  it('takes a path on this site as a link only when told the feed is this site’s own', () => {
    const path = '/league/serie-a?report=12&utm_source=rss';
    expect(parseFeed(itemWithLink(path)).items).toEqual([]);
    const [item] = parseFeed(itemWithLink(path), { sitePaths: true }).items;
    expect(item?.link).toBe('/league/serie-a?report=12');
  });

  it.each([
    '//a.example/protocol-relative',
    '/\\a.example/backslash',
    '/\t/a.example/tab',
    '/%0a/ok-but-encoded',
    'relative/path',
    'javascript:alert(1)',
  ])('reads %j as a path on this site only if it stays on this site', (link) => {
    const [item] = parseFeed(itemWithLink(link), { sitePaths: true }).items;
    const stays = link === '/%0a/ok-but-encoded';
    expect(item?.link ?? null).toBe(stays ? link : null);
  });

  it('trims padding, strips tracking parameters and keeps the fragment and other parameters', () => {
    const [item] = parseFeed(
      itemWithLink('  https://WWW.Example.com/a/B?id=3&utm_source=rss&at_medium=RSS&page=2#top  '),
    ).items;
    expect(item?.link).toBe('https://www.example.com/a/B?id=3&page=2#top');
  });

  it('falls back to a permalink guid when there is no link, but not to isPermaLink="false"', () => {
    const feed = parseFeed(
      rss(
        '<item><title>a</title><guid>https://a.example/1</guid></item><item><title>b</title><guid isPermaLink="false">https://a.example/2</guid></item>',
      ),
    );
    expect(feed.items.map((i) => i.link)).toEqual(['https://a.example/1']);
  });
});

describe('normaliseLink', () => {
  it.each([
    [
      'https://www.bbc.co.uk/sport/football/articles/c7x2kq9pd1zo?at_medium=RSS&at_campaign=rss',
      'https://www.bbc.co.uk/sport/football/articles/c7x2kq9pd1zo',
    ],
    ['HTTPS://WWW.BBC.CO.UK/Sport/X#0', 'https://www.bbc.co.uk/Sport/X'],
    ['https://a.example:443/x?b=2&utm_source=x&a=1&fbclid=abc', 'https://a.example/x?b=2&a=1'],
    ['http://a.example/x?UTM_Campaign=y', 'http://a.example/x'],
    ['  https://a.example/x/  ', 'https://a.example/x/'],
    ['not a url', 'not a url'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normaliseLink(input)).toBe(expected);
  });

  it('gives the same key for the BBC link and its guid', () => {
    expect(
      normaliseLink(
        'https://www.bbc.co.uk/sport/football/articles/c7x2kq9pd1zo?at_medium=RSS&at_campaign=rss',
      ),
    ).toBe(normaliseLink('https://www.bbc.co.uk/sport/football/articles/c7x2kq9pd1zo#0'));
  });
});

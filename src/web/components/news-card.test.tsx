import { describe, expect, it } from 'vitest';

import { findArticleHref } from './news-card.tsx';

describe('findArticleHref', () => {
  it.each([
    ['https://wire.example/a?b=1&c=2', 'https://wire.example/a?b=1&c=2'],
    ['  http://wire.example/a  ', 'http://wire.example/a'],
    ['<![CDATA[https://wire.example/a]]>', 'https://wire.example/a'],
    [' <![CDATA[ https://wire.example/a ]]> ', 'https://wire.example/a'],
    ['javascript:alert(1)', null],
    ['<![CDATA[javascript:alert(1)]]>', null],
    ['JAVASCRIPT:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    // Touchline's own stories link to a page of this site; nothing reads as another host.
    ['/league/serie-a?report=12', '/league/serie-a?report=12'],
    ['/transfers?league=serie-a&rumour=3', '/transfers?league=serie-a&rumour=3'],
    ['//wire.example/a', null],
    ['/\\wire.example/a', null],
    ['/\t/wire.example/a', null],
    ['relative/path', null],
    ['<![CDATA[]]>', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j opens %j', (link, href) => {
    expect(findArticleHref(link)).toBe(href);
  });
});

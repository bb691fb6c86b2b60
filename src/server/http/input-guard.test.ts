import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { findInvalidText } from './input-guard.ts';

describe('findInvalidText', () => {
  it.each([
    ['NUL', 'premier\u0000league'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', '\uDC00'],
  ])('finds %s', (_, text) => {
    expect(findInvalidText(text, 'query.league')).toBe(
      'query.league: contains an invalid character',
    );
  });

  it('accepts ordinary text of any script, emoji included', () => {
    for (const text of ['Ødegaard’s “late” winner', 'Borussia Mönchengladbach', 'ⓐ 😀 日本', '']) {
      expect(findInvalidText(text, 'query.q')).toBeNull();
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const hasControl = [...text].some((c) => {
          const code = c.codePointAt(0) ?? 0;
          return code < 0x20 || (code >= 0x7f && code <= 0x9f);
        });
        expect(findInvalidText(text, 'q') === null).toBe(!hasControl);
      }),
      { seed: 15, numRuns: 500 },
    );
  });

  it('names the place in a nested body, keys included', () => {
    expect(findInvalidText({ a: [1, 'ok', { b: 'x\u0000' }] }, 'body')).toBe(
      'body.a[2].b: contains an invalid character',
    );
    expect(findInvalidText({ 'k\u0000': 1 }, 'query')).toBe(
      'query.k\u0000: contains an invalid character',
    );
    expect(findInvalidText({ a: 1, b: null, c: true }, 'body')).toBeNull();
  });

  it('refuses a body nested deeper than any Touchline accepts', () => {
    const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`) as unknown;
    expect(findInvalidText(deep, 'body')).toMatch(/nested too deeply$/);
  });
});

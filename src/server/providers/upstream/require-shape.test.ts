import { describe, expect, it } from 'vitest';
import * as z from 'zod';

import { UpstreamError } from './http.ts';
import { formatPath, requireShape } from './require-shape.ts';

describe('formatPath', () => {
  it.each([
    ['', [0, 'bookmakers', 2, 'title'], '[0].bookmakers[2].title'],
    ['response[1]', ['teams', 'home'], 'response[1].teams.home'],
    ['', ['standings', 0, 1, 'points'], 'standings[0][1].points'],
    ['transfers[0]', [], 'transfers[0]'],
    ['', [], 'body'],
  ] as const)('writes %j + %j as %j', (root, path, text) => {
    expect(formatPath(root, path)).toBe(text);
  });
});

describe('requireShape', () => {
  const Schema = z.object({ teams: z.array(z.object({ id: z.int() })) });

  it('gives the value back when it has the shape', () => {
    expect(requireShape('besoccer', Schema, { teams: [{ id: 1 }] }, '')).toEqual({
      teams: [{ id: 1 }],
    });
  });

  it('throws bad-body naming the first wrong field under the root', () => {
    let caught: unknown;
    try {
      requireShape('football-data', Schema, { teams: [{ id: 1 }, { id: 'x' }] }, 'matches[3]');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UpstreamError);
    expect((caught as UpstreamError).kind).toBe('bad-body');
    expect((caught as UpstreamError).message).toMatch(
      /^football-data: matches\[3\]\.teams\[1\]\.id: /,
    );
  });
});

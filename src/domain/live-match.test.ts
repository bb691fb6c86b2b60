import { describe, expect, it } from 'vitest';

import { isPlaying, MatchStatus } from './live-match.ts';

describe('isPlaying', () => {
  it.each([
    [MatchStatus.live, true],
    [MatchStatus.extraTime, true],
    [MatchStatus.penalties, true],
    [MatchStatus.halfTime, false],
    [MatchStatus.scheduled, false],
    [MatchStatus.finished, false],
    [MatchStatus.postponed, false],
    [42, false],
  ])('status %i is in play: %s', (status, expected) => {
    expect(isPlaying(status)).toBe(expected);
  });
});

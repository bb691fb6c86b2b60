import { UpstreamError, type UpstreamClient, type UpstreamResponse } from '../upstream/http.ts';

// The free plan refuses every request that names a season it does not cover, inside a 200 body
// (`errors.plan`, NOTES.md §11: "Free plans do not have access to this season, try from 2022 to
// 2024."), the current season included. Asking again the same day only spends the quota.

type Query = Record<string, string | number | boolean | undefined> & { season: number };

export type SeasonGate = {
  /**
   * Throws the plan's refusal of `season` when it stands for today, without a request: the same
   * error the upstream gave, already counted once by the client.
   */
  assertOpen: (season: number) => void;
  /** GETs `path` for `query.season`, unless that season is refused today (see assertOpen). */
  getJson: (path: string, query: Query) => Promise<UpstreamResponse>;
};

/** The message the status page shows (plan_limit) while the plan refuses `season`. */
export function describeSeasonLimit(season: number): string {
  return `plan does not cover season ${season}`;
}

function toUtcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Remembers, per season, the plan's refusal for the rest of the UTC day (the quota's day, §1):
 * it is recorded with `client.notePlanLimit` so /api/status shows it, requests for that season
 * are not sent again until the next day, and the first success for the season clears it.
 */
export function createSeasonGate(client: UpstreamClient, now: () => number): SeasonGate {
  const refused = new Map<number, { day: string; error: UpstreamError }>();

  const assertOpen = (season: number) => {
    const standing = refused.get(season);
    if (standing !== undefined && standing.day === toUtcDay(now())) throw standing.error;
  };

  return {
    assertOpen,
    async getJson(path, query) {
      assertOpen(query.season);
      const limit = describeSeasonLimit(query.season);
      try {
        const answer = await client.getJson(path, query);
        refused.delete(query.season);
        if (client.stats().planLimit === limit) client.notePlanLimit(null);
        return answer;
      } catch (error) {
        if (error instanceof UpstreamError && error.kind === 'plan') {
          refused.set(query.season, { day: toUtcDay(now()), error });
          client.notePlanLimit(limit);
        }
        throw error;
      }
    },
  };
}

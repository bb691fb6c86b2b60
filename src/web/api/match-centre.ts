import { queryOptions, useQuery } from '@tanstack/react-query';

import { MatchCentreSchema, type MatchCentre } from '../../domain/api/match-centre.ts';
import { getRefreshIntervalMs } from '../../domain/refresh.ts';
import { fetchAnswer } from './client.ts';

export async function getMatchCentre(id: string): Promise<MatchCentre> {
  return fetchAnswer(`/api/matches/${encodeURIComponent(id)}`, MatchCentreSchema);
}

/** The match page's data, refreshed by the board's rule (SPEC 4) and always revalidated. */
export function matchCentreQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['match', id],
    queryFn: () => getMatchCentre(id),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchIntervalInBackground: false,
    refetchInterval: (query) =>
      query.state.data === undefined
        ? false
        : getRefreshIntervalMs([query.state.data.match.status]),
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && /not found/i.test(error.message)),
  });
}

export function useMatchCentre(id: string) {
  return useQuery(matchCentreQueryOptions(id));
}

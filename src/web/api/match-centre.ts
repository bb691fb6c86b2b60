import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiAddress } from '../../domain/api/addresses.ts';
import { MatchCentreSchema, type MatchCentre } from '../../domain/api/match-centre.ts';
import { getRefreshIntervalMs } from '../../domain/refresh.ts';
import { fetchAnswer } from './client.ts';
import { useLiveStatus } from './live.ts';

export async function getMatchCentre(id: string): Promise<MatchCentre> {
  return fetchAnswer(apiAddress.matchCentre(id), MatchCentreSchema);
}

/**
 * The match page's data, refreshed by the board's rule (SPEC 4) and always revalidated; not
 * polled while the live stream is open (`live`), since it pushes the score, status and minute.
 */
export function matchCentreQueryOptions(id: string, live = false) {
  return queryOptions({
    queryKey: ['match', id],
    queryFn: () => getMatchCentre(id),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchIntervalInBackground: false,
    refetchInterval: live
      ? false
      : (query) =>
          query.state.data === undefined
            ? false
            : getRefreshIntervalMs([query.state.data.match.status]),
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && /not found/i.test(error.message)),
  });
}

export function useMatchCentre(id: string) {
  const live = useLiveStatus() === 'open';
  return useQuery(matchCentreQueryOptions(id, live));
}

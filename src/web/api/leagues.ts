import { queryOptions, useQuery } from '@tanstack/react-query';

import type { League } from '../../domain/league.ts';
import { fetchJson } from './client.ts';

export async function getLeagues(): Promise<League[]> {
  const body = await fetchJson<{ leagues: League[] }>('/api/leagues');
  return body.leagues;
}

export function leaguesQueryOptions() {
  return queryOptions({
    queryKey: ['leagues'],
    queryFn: getLeagues,
    staleTime: 60 * 60 * 1000,
  });
}

export function useLeagues() {
  return useQuery(leaguesQueryOptions());
}

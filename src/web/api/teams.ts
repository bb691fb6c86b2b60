import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiAddress } from '../../domain/api/addresses.ts';
import { TeamPageSchema, type TeamPage } from '../../domain/api/team-page.ts';
import { ApiError, fetchAnswer } from './client.ts';

/** A club's season; null for a slug that names no club (the page says "Team not found"). */
export async function getTeamPage(slug: string): Promise<TeamPage | null> {
  try {
    return await fetchAnswer(apiAddress.team(slug), TeamPageSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function teamPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['team', slug],
    queryFn: () => getTeamPage(slug),
    staleTime: 60_000,
  });
}

export function useTeamPage(slug: string) {
  return useQuery(teamPageQueryOptions(slug));
}

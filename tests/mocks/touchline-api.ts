import { http, HttpResponse } from 'msw/http';

import type { League } from '../../src/domain/league.ts';

export const SITE_PASSWORD = 'kickoff';

export const leagues: League[] = [
  { id: 1, name: 'Premier League', slug: 'premier-league', order_index: 1, country: 'England' },
  { id: 2, name: 'La Liga', slug: 'la-liga', order_index: 2, country: 'Spain' },
  { id: 3, name: 'Serie A', slug: 'serie-a', order_index: 3, country: 'Italy' },
  { id: 4, name: 'Bundesliga', slug: 'bundesliga', order_index: 4, country: 'Germany' },
  { id: 5, name: 'Ligue 1', slug: 'ligue-1', order_index: 5, country: 'France' },
].map((league) => ({ ...league, logo_url: null }));

/** The Touchline API the app frame calls: the password gate and the league list. */
export const touchlineApiHandlers = [
  http.post('/api/session', async ({ request }) => {
    const body = (await request.json()) as { password?: unknown } | null;
    if (body?.password !== SITE_PASSWORD) {
      return HttpResponse.json({ error: 'Incorrect password. Please try again.' }, { status: 401 });
    }
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('/api/leagues', () => HttpResponse.json({ leagues })),
];

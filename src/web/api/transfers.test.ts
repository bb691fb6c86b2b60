import { http, HttpResponse } from 'msw/http';
import { describe, expect, it } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import { transferTeams } from '../../../tests/mocks/touchline-api.ts';
import { getTransfers, transfersQueryOptions } from './transfers.ts';

describe('transfersQueryOptions', () => {
  it('keeps transfers fresh for 5 minutes and does not refetch them on focus', () => {
    const options = transfersQueryOptions('all');
    expect(options.queryKey).toEqual(['transfers', 'all']);
    expect(options.staleTime).toBe(5 * 60 * 1000);
    expect(options.refetchOnWindowFocus).toBe(false);
  });
});

describe('getTransfers', () => {
  it('asks for the league, or for all', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/transfers', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ transfers: [] });
      }),
    );
    await getTransfers('all');
    await getTransfers('ligue-1');
    expect(asked).toEqual(['?league=all', '?league=ligue-1']);
  });

  it('drops a club that is not in the expected shape, and reads a bad answer as none', async () => {
    const [chelsea] = transferTeams;
    server.use(
      http.get('/api/transfers', () =>
        HttpResponse.json({
          transfers: [null, 'Arsenal', { ...chelsea, arrivals: 'none' }, chelsea],
        }),
      ),
    );
    expect(await getTransfers('all')).toEqual([chelsea]);

    server.use(http.get('/api/transfers', () => HttpResponse.json({ transfers: 'nothing' })));
    expect(await getTransfers('all')).toEqual([]);
  });
});

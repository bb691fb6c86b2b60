import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw/http';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { server } from '../../../tests/helpers/msw-server.ts';
import {
  TrackRecordSchema,
  type ReliabilityBin,
  type TrackRecord,
  type TrackRecordRow,
  type TrackRecordScope,
} from '../../domain/api/track-record.ts';
import { createQueryClient } from '../api/query-client.ts';
import { PredictionsPage } from './predictions.tsx';

const row = (
  name: string,
  kind: TrackRecordRow['kind'],
  matches: number,
  rps: number,
  accuracy: number,
): TrackRecordRow => ({
  name,
  kind,
  matches,
  rps: { value: rps, lo: rps - 0.01, hi: rps + 0.01 },
  log_loss: { value: 1.01, lo: 0.98, hi: 1.04 },
  accuracy: { value: accuracy, lo: accuracy - 0.05, hi: accuracy + 0.05 },
});

const bins = (counts: number[]): ReliabilityBin[] =>
  counts.map((count, i) => ({
    from: i / 10,
    to: (i + 1) / 10,
    count,
    mean_predicted: count === 0 ? null : i / 10 + 0.05,
    observed: count === 0 ? null : i / 10 + 0.03,
  }));

const pooled: TrackRecordScope = {
  matches: 120,
  rows: [
    row('Elo Ratings', 'model', 120, 0.2101, 0.48),
    row('Dixon-Coles', 'model', 120, 0.2063, 0.5),
    row('Market Blend', 'model', 100, 0.1988, 0.52),
    row('Pinnacle closing', 'bookmaker', 100, 0.1994, 0.53),
    row('Market average', 'bookmaker', 118, 0.2001, 0.52),
  ],
  paired: [
    {
      model: 'Elo Ratings',
      against: 'Pinnacle closing',
      matches: 100,
      diff: 0.0107,
      lo: 0.004,
      hi: 0.0171,
    },
    {
      model: 'Market Blend',
      against: 'Pinnacle closing',
      matches: 100,
      diff: -0.0006,
      lo: -0.0031,
      hi: 0.0019,
    },
  ],
  reliability: [
    { model: 'Elo Ratings', bins: bins([0, 12, 80, 90, 60, 50, 40, 20, 8, 0]) },
    { model: 'Dixon-Coles', bins: bins([1, 10, 85, 92, 58, 48, 38, 22, 6, 0]) },
  ],
  latest: [
    {
      match: {
        id: 41,
        home: 'Arsenal',
        away: 'Chelsea',
        kickoff: '2026-11-21T12:30:00.000Z',
        league_slug: 'premier-league',
        home_score: 2,
        away_score: 1,
      },
      outcome: 'home',
      forecasts: [
        { model: 'Elo Ratings', pick: 'home', probability: 0.52, correct: true },
        { model: 'Dixon-Coles', pick: 'draw', probability: 0.36, correct: false },
      ],
    },
  ],
};

const record: TrackRecord = {
  models: ['Elo Ratings', 'Dixon-Coles', 'Market Blend'],
  pooled,
  by_league: [
    {
      ...pooled,
      slug: 'serie-a',
      name: 'Serie A',
      matches: 9,
      // Nine matches of one day: no interval from resampling days.
      rows: [
        {
          ...row('Elo Ratings', 'model', 9, 0.1801, 0.56),
          rps: { value: 0.1801, lo: null, hi: null },
        },
      ],
      paired: [],
      reliability: [{ model: 'Elo Ratings', bins: bins([0, 1, 6, 8, 5, 4, 2, 1, 0, 0]) }],
      latest: [],
    },
  ],
};

const EMPTY: TrackRecord = {
  models: [],
  pooled: { matches: 0, rows: [], paired: [], reliability: [], latest: [] },
  by_league: [],
};

let queryClient: QueryClient | undefined;

function renderPage(answer: TrackRecord, path = '/predictions') {
  server.use(
    http.get('/api/predictions/track-record', () =>
      HttpResponse.json(z.parse(TrackRecordSchema, answer)),
    ),
  );
  queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/predictions', element: <PredictionsPage /> },
      { path: '/match/:id', element: <h1>Match page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  queryClient?.clear();
  queryClient = undefined;
});

const scoresTable = () => screen.findByRole('table', { name: /^Scores of the models/ });

describe('PredictionsPage', () => {
  it('titles the page and explains the scores in plain words', async () => {
    renderPage(record);

    expect(screen.getByRole('heading', { level: 1, name: 'Prediction track record' })).toBeTruthy();
    expect(screen.getByText(/lower is better, 0 is perfect/)).toBeTruthy();
    expect(screen.getByText(/margin taken off by Shin's method/)).toBeTruthy();
    expect(
      screen.getByText(/Market Blend is the bookmakers' consensus recalibrated with the ratings/),
    ).toBeTruthy();
    expect(screen.getByText(/95% intervals/)).toBeTruthy();
    expect(await scoresTable()).toBeTruthy();
  });

  it('tables every model and bookmaker with its figures, and marks the best RPS', async () => {
    renderPage(record);

    const table = await scoresTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Elo RatingsModel',
      'Dixon-ColesModel',
      'Market BlendModelBest RPS',
      'Pinnacle closingBookmaker',
      'Market averageBookmaker',
    ]);
    const [elo, , blend] = rows as [HTMLElement, HTMLElement, HTMLElement];
    const cells = within(elo)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '120',
      '0.210195% interval 0.2001–0.2201',
      '1.010095% interval 0.9800–1.0400',
      '48.0%95% interval 43.0%–53.0%',
      '+0.010795% interval +0.0040 to +0.0171worse over 100',
    ]);
    expect(within(blend).getByText(/too close to call over 100/)).toBeTruthy();
    // A scroll region that says so holds the wide table.
    expect(screen.getByRole('region', { name: 'Scores table, scrolls sideways' })).toBeTruthy();
  });

  it('draws a reliability diagram per model, each with a table of the same numbers', async () => {
    renderPage(record);

    await scoresTable();
    const charts = screen.getAllByRole('img', { name: /^Reliability of / });
    expect(charts.map((c) => c.tagName.toLowerCase())).toEqual(['svg', 'svg']);
    const elo = screen.getByRole('figure', { name: 'Elo Ratings' });
    expect(within(elo).getByRole('img').getAttribute('aria-label')).toMatch(
      /^Reliability of Elo Ratings/,
    );
    // One dot per bin holding forecasts, and the diagonal.
    expect(within(elo).getByRole('img').querySelectorAll('circle')).toHaveLength(8);
    const numbers = within(elo).getByRole('table', { name: 'Reliability of Elo Ratings' });
    const third = within(numbers).getAllByRole('row')[3] as HTMLElement;
    expect(
      within(third)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['80', '25.0%', '23.0%']);
    expect(within(third).getByRole('rowheader').textContent).toBe('20%–30%');
  });

  it("lists the latest settled matches with each model's pick, right or wrong in words", async () => {
    const router = renderPage(record);

    const list = await screen.findByRole('list', { name: 'Latest settled forecasts' });
    const link = within(list).getByRole('link', { name: 'Arsenal 2-1 Chelsea' });
    expect(link.getAttribute('href')).toBe('/match/41-arsenal-v-chelsea');
    const picks = within(list).getAllByRole('listitem').slice(1);
    expect(picks.map((p) => p.textContent)).toEqual([
      'Elo RatingsArsenal win 52% ✓ right',
      'Dixon-ColesDraw 36% ✗ wrong',
    ]);
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/match/41-arsenal-v-chelsea');
  });

  it("shows one league's record when its chip is pressed, and says when a league has none", async () => {
    const router = renderPage(record);
    await scoresTable();

    await userEvent.click(screen.getByRole('button', { name: 'Serie A' }));
    expect(router.state.location.search).toBe('?league=serie-a');
    expect(screen.getByText('9 settled matches in Serie A')).toBeTruthy();
    const table = screen.getByRole('table', { name: /^Scores of the models and bookmakers in/ });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(
      within(table).getByRole('cell', { name: '0.1801one match day: no interval' }),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'La Liga' }));
    expect(
      screen.getByRole('heading', { name: 'No settled forecasts yet in La Liga' }),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says no forecast is settled yet, and when they will be, before any match is played', async () => {
    renderPage(EMPTY);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'No settled forecasts yet' }),
    ).toBeTruthy();
    expect(screen.getByText('Forecasts are scored once their matches are played.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

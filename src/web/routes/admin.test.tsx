import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw/http';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import { newsSources, newsSyncResult } from '../../../tests/mocks/touchline-api.ts';
import { createQueryClient } from '../api/query-client.ts';
import { AdminPage } from './admin.tsx';

let queryClient: QueryClient | undefined;

function renderAdmin() {
  queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AdminPage />
    </QueryClientProvider>,
  );
}

type SyncRequest = { body: unknown; headers: Headers };

/** Answers POST /api/news/sync with `answer`, recording each request. */
function answerSync(answer: () => Response | Promise<Response>) {
  const requests: SyncRequest[] = [];
  server.use(
    http.post('/api/news/sync', async ({ request }) => {
      requests.push({ body: await request.json(), headers: request.headers });
      return answer();
    }),
  );
  return requests;
}

const syncCard = () => screen.getByRole('region', { name: 'News RSS Sync' });
const syncButton = () => within(syncCard()).getByRole('button');
const outcome = () => within(syncCard()).getByRole('status');

afterEach(() => {
  cleanup();
  queryClient?.clear();
  queryClient = undefined;
});

describe('AdminPage', () => {
  it('heads the page and states the sync limit and the last sync time in GMT+2', async () => {
    renderAdmin();

    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeTruthy();
    expect(screen.getByText('Manage news feeds and system operations')).toBeTruthy();
    expect(within(syncCard()).getByText(/Sync is limited to once every 5 minutes/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('last-sync').textContent).toBe('Nov 21, 17:30'));
    expect(within(syncCard()).getByText(/Last sync:/).textContent).toBe('Last sync: Nov 21, 17:30');
    expect(syncButton().textContent).toBe('Sync News Now');
  });

  it('says "Never" when the feeds were never synced', async () => {
    server.use(
      http.get('/api/news/sources', () =>
        HttpResponse.json({ ...newsSources, last_sync_at: null }),
      ),
    );
    renderAdmin();

    await waitFor(() => expect(screen.getByTestId('last-sync').textContent).toBe('Never'));
  });

  it('posts an empty JSON object and shows the new articles, total and each source', async () => {
    const user = userEvent.setup();
    const requests = answerSync(() =>
      HttpResponse.json({
        ...newsSyncResult,
        total_new: undefined,
        totalIngested: 5,
        sources: [
          { source: 'Touchline Premier League', new_items: 5, total_items: 20, error: null },
          { source: 'Calcio Daily', new_items: 0, total_items: 0, error: 'rss: 503 Unavailable' },
        ],
      }),
    );
    renderAdmin();

    await user.click(syncButton());

    const status = outcome();
    expect(await within(status).findByText('Sync completed successfully!')).toBeTruthy();
    expect(within(status).getByText(/New articles:/).textContent).toBe('New articles: 5');
    expect(within(status).getByText(/Total processed:/).textContent).toBe('Total processed: 40');
    const lines = within(status)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Touchline Premier League: 5 new of 20',
      'Calcio Daily: 0 new of 0Error: rss: 503 Unavailable',
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({});
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(requests[0]?.headers.get('x-admin-password')).toBeNull();
  });

  it('disables the button and reads "Syncing..." while the sync runs', async () => {
    const user = userEvent.setup();
    let finish: (() => void) | undefined;
    answerSync(async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return HttpResponse.json(newsSyncResult);
    });
    renderAdmin();

    await user.click(syncButton());

    await waitFor(() => expect(syncButton().textContent).toBe('Syncing...'));
    expect((syncButton() as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(finish).toBeDefined());
    finish?.();
    await waitFor(() => expect(syncButton().textContent).toBe('Sync News Now'));
    expect((syncButton() as HTMLButtonElement).disabled).toBe(false);
    expect(within(outcome()).getByText('Sync completed successfully!')).toBeTruthy();
  });

  it('says "Sync failed: {error}" when the sync reports failure', async () => {
    const user = userEvent.setup();
    answerSync(() => HttpResponse.json({ success: false, error: 'No feeds configured' }));
    renderAdmin();

    await user.click(syncButton());

    expect(await within(outcome()).findByText('Sync failed: No feeds configured')).toBeTruthy();
    expect(within(outcome()).queryByText('Sync completed successfully!')).toBeNull();
  });

  it("shows the server's message when a sync comes too soon (429)", async () => {
    const user = userEvent.setup();
    answerSync(() =>
      HttpResponse.json(
        {
          error: 'News sync is limited to once every 5 minutes',
          last_sync_at: '2026-11-21T15:30:00.000Z',
        },
        { status: 429, headers: { 'retry-after': '120' } },
      ),
    );
    renderAdmin();

    await user.click(syncButton());

    expect(
      await within(outcome()).findByText('News sync is limited to once every 5 minutes'),
    ).toBeTruthy();
    expect((syncButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows "HTTP {status}: {statusText}" when the server answers an error without a message', async () => {
    const user = userEvent.setup();
    answerSync(() => new HttpResponse('gateway down', { status: 502, statusText: 'Bad Gateway' }));
    renderAdmin();

    await user.click(syncButton());

    expect(await within(outcome()).findByText('HTTP 502: Bad Gateway')).toBeTruthy();
  });

  it("shows the network error's message when the request fails", async () => {
    const user = userEvent.setup();
    answerSync(() => HttpResponse.error());
    renderAdmin();

    await user.click(syncButton());

    await waitFor(() =>
      expect(within(outcome()).getByRole('paragraph').textContent).toMatch(/fetch/i),
    );
    expect(within(outcome()).queryByText('Sync completed successfully!')).toBeNull();
  });

  it('asks for the admin password only when the server requires it, and sends it as a header', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/news/sources', () =>
        HttpResponse.json({ ...newsSources, admin_password_required: true }),
      ),
    );
    const requests = answerSync(() => HttpResponse.json(newsSyncResult));
    renderAdmin();

    const field = await within(syncCard()).findByLabelText('Admin password');
    expect(field.getAttribute('type')).toBe('password');
    await user.type(field, 's3cret');
    await user.click(syncButton());

    await within(outcome()).findByText('Sync completed successfully!');
    expect(requests[0]?.headers.get('x-admin-password')).toBe('s3cret');
    expect(requests[0]?.body).toEqual({});
  });

  it('shows no password field when the server requires none', async () => {
    renderAdmin();

    await waitFor(() => expect(screen.getByTestId('last-sync').textContent).toBe('Nov 21, 17:30'));
    expect(within(syncCard()).queryByLabelText('Admin password')).toBeNull();
  });

  it('shows a wrong admin password refused by the server', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/news/sources', () =>
        HttpResponse.json({ ...newsSources, admin_password_required: true }),
      ),
    );
    answerSync(() => HttpResponse.json({ error: 'Admin password required' }, { status: 403 }));
    renderAdmin();

    await within(syncCard()).findByLabelText('Admin password');
    await user.click(syncButton());

    expect(await within(outcome()).findByText('Admin password required')).toBeTruthy();
  });

  it('lists each feed source with its league, last fetch, items, errors and markers', async () => {
    renderAdmin();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Source', 'League', 'Last fetch', 'Items', 'Errors']);
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells(rows[1])).toEqual([
      'Touchline Premier League',
      'Premier League',
      'Nov 21, 17:30',
      '42',
      '0',
    ]);
    expect(cells(rows[2])).toEqual([
      'Calcio DailyDisabledFlagged',
      'Serie A',
      'Never',
      '0',
      '7rss: 503 Service Unavailable',
    ]);
  });
});

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw/http';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import { clicksReport } from '../../../tests/mocks/touchline-api.ts';
import { createQueryClient } from '../api/query-client.ts';
import { ClicksReportCard } from './clicks-report.tsx';

let queryClient: QueryClient | undefined;

function renderCard(passwordRequired: boolean | undefined) {
  queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ClicksReportCard passwordRequired={passwordRequired} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Affiliate clicks' });
}

const readTable = (card: HTMLElement, name: string) =>
  within(within(card).getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

afterEach(() => {
  cleanup();
  queryClient?.clear();
  queryClient = undefined;
  vi.restoreAllMocks();
});

describe('ClicksReportCard', () => {
  it('charts the clicks per day and tables them by day, bookmaker, league and page', async () => {
    const card = renderCard(false);
    await within(card).findByTestId('clicks-chart');
    expect(within(card).getByTestId('clicks-total').textContent).toBe('10');
    expect(card.textContent).toContain('clicks from 23 Oct to 21 Nov');
    const chart = within(card).getByRole('img', { name: /^Clicks per day\./ });
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    // The tallest bar is the busiest day; an empty day has no height.
    const heights = [...bars].map((bar) => Number(bar.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[29]);
    expect(heights[0]).toBe(0);
    expect(chart.getAttribute('aria-labelledby')).not.toBeNull();
    expect(within(chart).getByText(/most on 21 Nov \(6\)/)).toBeTruthy();

    expect(readTable(card, 'Clicks by day').slice(-2)).toEqual([
      ['20 Nov', '3', '30%'],
      ['21 Nov', '6', '60%'],
    ]);
    expect(readTable(card, 'Clicks by bookmaker')).toEqual([
      ['Bet365', '7', '70%'],
      ['William Hill', '2', '20%'],
      ['Pinnacle', '1', '10%'],
    ]);
    expect(readTable(card, 'Clicks by league')).toContainEqual(['No league', '1', '10%']);
    expect(readTable(card, 'Clicks by page')).toEqual([
      ['Home page', '4', '40%'],
      ['League pages', '3', '30%'],
      ['Match pages', '2', '20%'],
      ['Not recorded', '1', '10%'],
    ]);
  });

  it('asks nothing before it knows whether a password is needed', async () => {
    const asked = vi.fn();
    server.use(
      http.get('/api/admin/clicks', () => {
        asked();
        return HttpResponse.json(clicksReport);
      }),
    );
    const card = renderCard(undefined);
    expect(within(card).getByText('Loading clicks…')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).not.toHaveBeenCalled();
  });

  it('asks for the admin password when one is set, and sends it', async () => {
    const passwords: (string | null)[] = [];
    server.use(
      http.get('/api/admin/clicks', ({ request }) => {
        const password = request.headers.get('x-admin-password');
        passwords.push(password);
        return password === 'right'
          ? HttpResponse.json(clicksReport)
          : HttpResponse.json({ error: 'Admin password required' }, { status: 403 });
      }),
    );
    const user = userEvent.setup();
    const card = renderCard(true);
    expect(within(card).queryByTestId('clicks-chart')).toBeNull();
    await user.type(within(card).getByLabelText('Admin password'), 'wrong');
    await user.click(within(card).getByRole('button', { name: 'Show report' }));
    await within(card).findByText('Admin password required');
    await user.clear(within(card).getByLabelText('Admin password'));
    await user.type(within(card).getByLabelText('Admin password'), 'right');
    await user.click(within(card).getByRole('button', { name: 'Show report' }));
    await within(card).findByTestId('clicks-chart');
    expect(passwords).toEqual(['wrong', 'right']);
    expect(within(card).queryByLabelText('Admin password')).toBeNull();
  });

  it('downloads the CSV under the name the server gives, with the admin password', async () => {
    const headers: (string | null)[] = [];
    server.use(
      http.get('/api/admin/clicks.csv', ({ request }) => {
        headers.push(request.headers.get('x-admin-password'));
        return new HttpResponse('day,bookmaker,league,page,clicks\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="affiliate-clicks-a-to-b.csv"',
          },
        });
      }),
    );
    const created = vi.fn(() => 'blob:touchline/1');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    const card = renderCard(true);
    await user.type(within(card).getByLabelText('Admin password'), 'right');
    await user.click(within(card).getByRole('button', { name: 'Show report' }));
    await user.click(await within(card).findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['affiliate-clicks-a-to-b.csv blob:touchline/1']));
    expect(headers).toEqual(['right']);
    expect(created).toHaveBeenCalledTimes(1);
  });
});

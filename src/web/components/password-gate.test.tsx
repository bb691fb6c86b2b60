import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw/http';
import { expect, it, vi } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import { SITE_PASSWORD } from '../../../tests/mocks/touchline-api.ts';

/**
 * Renders the app as a fresh page load would: the gate store reads session storage once, when
 * its module is first imported, so each test imports the app anew after arranging storage.
 */
async function renderApp() {
  vi.resetModules();
  const { App } = await import('../app.tsx');
  const { createQueryClient } = await import('../api/query-client.ts');
  render(<App queryClient={createQueryClient()} />);
}

it('clears the field and says so when the password is wrong', async () => {
  const user = userEvent.setup();
  await renderApp();

  await user.type(await screen.findByLabelText('Password'), 'offside');
  await user.click(screen.getByRole('button', { name: 'Enter' }));

  expect(await screen.findByText('Incorrect password. Please try again.')).toBeTruthy();
  expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  expect(window.sessionStorage.getItem('touchline:unlocked')).toBeNull();
});

it('unlocks the site for this browser session with the right password', async () => {
  const user = userEvent.setup();
  await renderApp();

  await user.type(await screen.findByLabelText('Password'), SITE_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Enter' }));

  expect(await screen.findByRole('link', { name: 'Serie A' })).toBeTruthy();
  expect(screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy();
  expect(screen.queryByLabelText('Password')).toBeNull();
  expect(window.sessionStorage.getItem('touchline:unlocked')).toBe('true');
});

it('shows the gate again when the server refuses a session remembered as unlocked', async () => {
  window.sessionStorage.setItem('touchline:unlocked', 'true');
  server.use(
    http.get('/api/leagues', () => HttpResponse.json({ error: 'Unauthorized' }, { status: 401 })),
  );
  await renderApp();
  expect(screen.getByRole('navigation', { name: 'Leagues' })).toBeTruthy();

  expect(await screen.findByLabelText('Password')).toBeTruthy();
  expect(screen.queryByRole('navigation', { name: 'Leagues' })).toBeNull();
  expect(window.sessionStorage.getItem('touchline:unlocked')).toBeNull();
});

it('sends the login again while the server is busy, then opens the site', async () => {
  const user = userEvent.setup();
  let attempts = 0;
  server.use(
    http.post('/api/session', () => {
      attempts++;
      return attempts === 1
        ? HttpResponse.json(
            { error: 'Service Unavailable: the server is overloaded, retry later' },
            { status: 503, headers: { 'retry-after': '10' } },
          )
        : new HttpResponse(null, { status: 204 });
    }),
  );
  await renderApp();

  await user.type(await screen.findByLabelText('Password'), SITE_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Enter' }));

  expect(await screen.findByRole('link', { name: 'Serie A' }, { timeout: 3000 })).toBeTruthy();
  expect(attempts).toBe(2);
});

it('does not send a refused login again: the throttle counts every attempt', async () => {
  const user = userEvent.setup();
  let attempts = 0;
  server.use(
    http.post('/api/session', () => {
      attempts++;
      return HttpResponse.json(
        { error: 'Too many attempts: try again in a minute' },
        { status: 429 },
      );
    }),
  );
  await renderApp();

  await user.type(await screen.findByLabelText('Password'), SITE_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Enter' }));

  expect(await screen.findByText('Too many attempts: try again in a minute')).toBeTruthy();
  expect(attempts).toBe(1);
});

it('focuses the password field when the form shows, and again after a wrong password', async () => {
  const user = userEvent.setup();
  await renderApp();

  const field = await screen.findByLabelText('Password');
  expect(document.activeElement).toBe(field);
  await user.type(field, 'offside');
  await user.click(screen.getByRole('button', { name: 'Enter' }));
  expect(await screen.findByText('Incorrect password. Please try again.')).toBeTruthy();
  expect(document.activeElement).toBe(field);
});

it('opens straight onto the site when the session cookie is valid, never showing the form', async () => {
  let checks = 0;
  server.use(
    http.get('/api/session', () => {
      checks++;
      return HttpResponse.json({ unlocked: true });
    }),
  );
  // Watch every render: the form must not appear, not even for a moment.
  const seen = new MutationObserver(() => {
    if (document.getElementById('site-password') !== null) formShown = true;
  });
  let formShown = false;
  seen.observe(document.body, { childList: true, subtree: true });
  await renderApp();

  expect(await screen.findByRole('navigation', { name: 'Leagues' })).toBeTruthy();
  seen.disconnect();
  expect(formShown).toBe(false);
  expect(screen.queryByLabelText('Password')).toBeNull();
  expect(checks).toBe(1);
  expect(window.sessionStorage.getItem('touchline:unlocked')).toBe('true');
});

it('shows nothing but a busy page while the session is checked', async () => {
  let ask: (answer: (r: Response) => void) => void = () => undefined;
  const asked = new Promise<(r: Response) => void>((resolve) => (ask = resolve));
  server.use(http.get('/api/session', () => new Promise<Response>((resolve) => ask(resolve))));
  await renderApp();
  const answer = await asked;

  expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
  expect(screen.queryByLabelText('Password')).toBeNull();
  expect(screen.queryByRole('navigation', { name: 'Leagues' })).toBeNull();
  answer(HttpResponse.json({ unlocked: false }));
  expect(await screen.findByLabelText('Password')).toBeTruthy();
});

it('shows the form when the check gets no answer in time', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    server.use(http.get('/api/session', () => new Promise<Response>(() => undefined)));
    await renderApp();
    const { SESSION_CHECK_TIMEOUT_MS } = await import('../api/gate-store.ts');

    await vi.advanceTimersByTimeAsync(SESSION_CHECK_TIMEOUT_MS - 100);
    expect(screen.queryByLabelText('Password')).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    vi.useRealTimers();
    expect(await screen.findByLabelText('Password')).toBeTruthy();
  } finally {
    vi.useRealTimers();
  }
});

it.each([
  ['the cookie is not valid', () => HttpResponse.json({ unlocked: false })],
  ['the check is refused', () => HttpResponse.json({ error: 'x' }, { status: 401 })],
  ['the check fails', () => HttpResponse.json({ error: 'x' }, { status: 503 })],
  ['the answer is not understood', () => HttpResponse.json({ unlocked: 'yes' })],
  ['the network is down', () => HttpResponse.error()],
])('shows the form when %s', async (_, reply) => {
  server.use(http.get('/api/session', reply));
  await renderApp();

  expect(await screen.findByLabelText('Password')).toBeTruthy();
  expect(window.sessionStorage.getItem('touchline:unlocked')).toBeNull();
});

it('does not ask the server when this tab is already unlocked', async () => {
  let checks = 0;
  server.use(
    http.get('/api/session', () => {
      checks++;
      return HttpResponse.json({ unlocked: true });
    }),
  );
  window.sessionStorage.setItem('touchline:unlocked', 'true');
  await renderApp();

  expect(await screen.findByRole('link', { name: 'Serie A' })).toBeTruthy();
  expect(checks).toBe(0);
});

it('loads the API docs again once the password opens the gate on them', async () => {
  const user = userEvent.setup();
  const reload = vi.fn();
  vi.doMock('../page-reload.ts', () => ({ reloadPage: reload }));
  window.history.pushState({}, '', '/api/docs');
  try {
    await renderApp();
    await user.type(await screen.findByLabelText('Password'), SITE_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    // The page is the server's: the app's own 404 page never shows meanwhile.
    expect(screen.queryByText('Oops! Page not found')).toBeNull();
  } finally {
    vi.doUnmock('../page-reload.ts');
    window.history.pushState({}, '', '/');
  }
});

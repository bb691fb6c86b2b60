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

  await user.type(screen.getByLabelText('Password'), 'offside');
  await user.click(screen.getByRole('button', { name: 'Enter' }));

  expect(await screen.findByText('Incorrect password. Please try again.')).toBeTruthy();
  expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  expect(window.sessionStorage.getItem('touchline:unlocked')).toBeNull();
});

it('unlocks the site for this browser session with the right password', async () => {
  const user = userEvent.setup();
  await renderApp();

  await user.type(screen.getByLabelText('Password'), SITE_PASSWORD);
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

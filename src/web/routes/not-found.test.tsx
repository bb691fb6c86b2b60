import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { expect, it, vi } from 'vitest';

import { NotFoundPage } from './not-found.tsx';

it('says the page was not found, links home and logs the unknown path', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const router = createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], {
    initialEntries: ['/no/such/page'],
  });

  render(<RouterProvider router={router} />);

  expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  expect(log).toHaveBeenCalledWith(
    '404 Error: User attempted to access non-existent route: /no/such/page',
  );
});

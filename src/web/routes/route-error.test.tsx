import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { expect, it, vi } from 'vitest';

import { RouteErrorPage } from './route-error.tsx';

it('shows the status line when a loader throws a response', async () => {
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw new Response('', { status: 503, statusText: 'Service Unavailable' });
      },
      // Without one, React Router warns while the first loader runs.
      hydrateFallbackElement: <p>Loading…</p>,
      element: <p>never rendered</p>,
      errorElement: <RouteErrorPage />,
    },
  ]);

  render(<RouterProvider router={router} />);

  expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
  expect(screen.getByText('503 Service Unavailable')).toBeTruthy();
});

const boom = new Error('boom');

function Boom(): never {
  throw boom;
}

it('shows the message of an error thrown while rendering', async () => {
  // React and React Router both report the error the boundary caught with console.error.
  // Drop only reports that carry this very error; anything else still fails the test.
  const failOnConsole = vi.mocked(console.error).getMockImplementation();
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    if (!args.includes(boom)) failOnConsole?.(...args);
  });
  const router = createMemoryRouter([
    { path: '/', element: <Boom />, errorElement: <RouteErrorPage /> },
  ]);

  render(<RouterProvider router={router} />);

  expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
  expect(screen.getByText('boom')).toBeTruthy();
});

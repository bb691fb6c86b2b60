import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { server } from './msw-server.ts';

// A request no handler answers is a missing mock, not a reason to reach the network.
// MSW 3 renamed v2's `onUnhandledRequest` to `onUnhandledFrame`; the old name is ignored.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.sessionStorage.clear();
});

afterAll(() => server.close());

import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { favouritesStore } from '../../src/web/hooks/use-favourites.ts';
import { server } from './msw-server.ts';

// A request no handler answers is a missing mock, not a reason to reach the network.
// MSW 3 renamed v2's `onUnhandledRequest` to `onUnhandledFrame`; the old name is ignored.
// jsdom has no layout, so no scrolling: the router's scroll restoration calls this on navigation.
window.scrollTo = () => {};

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.sessionStorage.clear();
  window.localStorage.clear();
  favouritesStore.reload();
});

afterAll(() => server.close());

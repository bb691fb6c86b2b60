import { setupServer } from 'msw/node';

import { touchlineApiHandlers } from '../mocks/touchline-api.ts';

/** The mocked network for web tests; a test adds one-off answers with `server.use(...)`. */
export const server = setupServer(...touchlineApiHandlers);

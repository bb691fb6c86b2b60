import './styles.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { createQueryClient } from './api/query-client.ts';
import { App } from './app.tsx';
import { registerServiceWorker } from './register-service-worker.ts';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, rather than in one long task that would hold off taps and paints.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  );
});

registerServiceWorker();

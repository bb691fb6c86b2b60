import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router/dom';

import { gateStore } from './api/gate-store.ts';
import { startLiveUpdates } from './api/live.ts';
import { PasswordGate } from './components/password-gate.tsx';
import { createRouter } from './router.tsx';

/**
 * The gate until this browser session is unlocked, then the routed site. A tab without the
 * unlocked flag first asks the server whether its session cookie is valid, showing neither the
 * form nor the site until it knows.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const gate = useSyncExternalStore(gateStore.subscribe, gateStore.getState);
  useEffect(() => {
    void gateStore.startCheck();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {gate === 'unlocked' ? (
        <Site />
      ) : gate === 'locked' ? (
        <PasswordGate />
      ) : (
        <main aria-busy="true" className="min-h-screen">
          <span className="sr-only">Loading…</span>
        </main>
      )}
    </QueryClientProvider>
  );
}

function Site() {
  const [router] = useState(createRouter);
  const queryClient = useQueryClient();
  // Past the gate only: the stream needs the session the gate opens.
  useEffect(
    () =>
      startLiveUpdates({
        queryClient,
        EventSource: 'EventSource' in window ? window.EventSource : undefined,
        document,
        random: Math.random,
      }),
    [queryClient],
  );
  return <RouterProvider router={router} />;
}

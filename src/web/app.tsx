import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router/dom';

import { gateStore } from './api/gate-store.ts';
import { startLiveUpdates } from './api/live.ts';
import { PasswordGate } from './components/password-gate.tsx';
import { createRouter } from './router.tsx';

/** The gate until this browser session is unlocked, then the routed site. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const unlocked = useSyncExternalStore(gateStore.subscribe, gateStore.isUnlocked);
  return (
    <QueryClientProvider client={queryClient}>
      {unlocked ? <Site /> : <PasswordGate />}
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

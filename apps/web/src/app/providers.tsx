import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

/**
 * Server state lives in TanStack Query. Lists on this site change a few times a day, so a
 * minute of freshness saves refetching on every page visit; client errors (4xx) are final
 * and not retried, server and network errors get one more try.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/**
 * What one person fetched is not shown to the next: when the signed-in user changes (sign-out,
 * or another account signing in), every cached answer is dropped.
 */
function useClearCacheWhenUserChanges(client: QueryClient) {
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (state.user?.id !== previous.user?.id) client.clear();
      }),
    [client],
  );
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useClearCacheWhenUserChanges(client);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

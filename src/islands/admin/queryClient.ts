import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorised } from './api';

/**
 * Data never goes stale on its own (a change invalidates what it affects),
 * no refetch on focus, no polling, no retries. A 401 from any call means the
 * session ended: `onSessionExpired` takes the owner back to the login page.
 */
export function createAdminQueryClient(onSessionExpired: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorised(error)) onSessionExpired();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
}

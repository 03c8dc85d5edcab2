import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorised } from './api';
import { peopleKeys } from './people/peopleApi';

/**
 * Data never goes stale on its own (a change invalidates what it affects),
 * no refetch on focus, no polling, no retries. A 401 from any call means the
 * session ended: `onSessionExpired` takes the owner back to the login page.
 */
export function createAdminQueryClient(onSessionExpired: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorised(error)) onSessionExpired();
  };
  // A person's page and the People list gather every kind of record: any change the owner makes
  // (a status, a refund, a moved session) is read again there, whatever panel made it.
  let client: QueryClient | null = null;
  const onSettled = () => void client?.invalidateQueries({ queryKey: peopleKeys.all() });
  client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError, onSettled }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
  return client;
}

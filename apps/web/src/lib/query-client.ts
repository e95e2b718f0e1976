import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { clearSession, refreshSession } from './auth.ts';

/** Client errors are answers, not glitches: retrying a 404 or 401 only delays the message. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * A 401 from any call may mean the session ended elsewhere (removed from the team, signed out on
 * another device, password changed). The session is read again: if it is gone, everything cached
 * is forgotten and the route guard sends the person to sign in. Other 401s (a wrong password
 * while signed out) leave a working session alone.
 */
async function recheckSession(queryClient: QueryClient, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  const me = await refreshSession(queryClient).catch(() => undefined);
  if (me === null) clearSession(queryClient);
}

/** One query client for the whole console. */
export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => void recheckSession(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => void recheckSession(queryClient, error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

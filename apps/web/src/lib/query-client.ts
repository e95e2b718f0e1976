import {
  MutationCache,
  QueryCache,
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError, isOutageError } from './api-client.ts';
import { fetchMe, ME_QUERY_KEY } from './auth.ts';
import { onReconnected, onceUnavailable } from './connection-status.ts';
import { signInPathFor } from './redirects.ts';

/**
 * Client errors are answers, not glitches: retrying a 404 or 401 only delays the message. An
 * outage (503 or no answer) is retried until it ends, so pages keep what they show (or keep
 * loading) under the shell's "Reconnecting…" banner instead of turning into error states.
 */
function shouldRetry(failureCount: number, error: unknown) {
  if (isOutageError(error)) return true;
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

const MAX_RETRY_DELAY_MS = 30_000;

/** The server's `Retry-After` when it sent one, otherwise doubling from a second, up to 30 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfterSeconds !== null)
    return Math.min(Math.max(error.retryAfterSeconds, 1) * 1000, MAX_RETRY_DELAY_MS);
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

let isRechecking = false;

/**
 * A 401 from any call may mean the session ended elsewhere (removed from the team, signed out on
 * another device). When the console believes someone is signed in, the session is read again,
 * outside the cache; if it is gone, the page is replaced by sign-in. A full load rather than
 * clearing the cache in place: pages still mounted would otherwise read the missing session
 * before the route guard moves them away, and nothing of the ended session stays in memory.
 * A 401 while signed out (a wrong password on sign-in) changes nothing.
 */
async function recheckSession(queryClient: QueryClient, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401 || isRechecking) return;
  if (!queryClient.getQueryData(ME_QUERY_KEY)) return;
  isRechecking = true;
  try {
    if ((await fetchMe()) === null)
      window.location.assign(signInPathFor(`${window.location.pathname}${window.location.search}`));
  } catch {
    // Offline or a server error: the next call tries again.
  } finally {
    isRechecking = false;
  }
}

/**
 * Queries retry an outage until it ends, so a refetch started during one only settles after it.
 * Mutations await their invalidations (onSettled), and would stay pending that long; here the
 * awaited promise settles once Leadbell is known to be away, so the person sees the mutation's
 * error at once and can try again. The refetch itself goes on in the background.
 *
 * A query's first load is joined by an invalidation, not restarted (TanStack cancels an in-flight
 * fetch only once there is data), so what caused the invalidation (a live lead while the inbox
 * loads) could be missing from the answer for good. A first load under way is cancelled and
 * started afresh instead.
 */
class ConsoleQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    // Only the loads this invalidation starts again: one it leaves alone (`refetchType: 'none'`, or
    // a query of the other kind) would otherwise stay without an answer.
    const refetchType = filters?.refetchType ?? 'active';
    if (refetchType !== 'none')
      for (const query of this.getQueryCache().findAll({ ...filters, type: refetchType }))
        if (query.state.data === undefined && query.state.fetchStatus === 'fetching')
          void query.cancel({ silent: true });
    let stopWaiting = () => {};
    const unavailable = new Promise<void>((resolve) => (stopWaiting = onceUnavailable(resolve)));
    return Promise.race([super.invalidateQueries(filters, options), unavailable]).finally(() => stopWaiting());
  }
}

/** One query client for the whole console. */
export function createQueryClient() {
  const queryClient: QueryClient = new ConsoleQueryClient({
    queryCache: new QueryCache({ onError: (error) => void recheckSession(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => void recheckSession(queryClient, error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  // Once Leadbell answers again, whatever is shown is read afresh (queries waiting out a retry too).
  onReconnected(() => void queryClient.invalidateQueries());
  return queryClient;
}

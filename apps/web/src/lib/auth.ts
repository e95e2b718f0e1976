import type { Me } from '@leadbell/shared/session';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ApiError, apiRequest } from './api-client.ts';

export const ME_QUERY_KEY = ['me'] as const;

export type Session = { status: 'unknown' } | { status: 'anonymous' } | { status: 'signed-in'; me: Me };

/** `GET /v1/me`, with 401 read as "nobody is signed in" rather than as a failure. */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await apiRequest<Me>('/v1/me', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The console's auth state. Spec section 4: any failure while loading it counts as signed out,
 * so a broken `/v1/me` sends people to sign in instead of leaving them on a spinner.
 */
export function useSession(): Session {
  const query = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
  });
  if (query.isPending) return { status: 'unknown' };
  if (query.isError || !query.data) return { status: 'anonymous' };
  return { status: 'signed-in', me: query.data };
}

/**
 * Reads the session again after anything that changes it (verify, entity, plan). Guarded
 * against concurrent runs: while a read of ['me'] is in flight, TanStack Query hands every
 * further caller that same promise instead of starting another request.
 */
export async function refreshSession(queryClient: QueryClient): Promise<Me | null> {
  return queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => fetchMe(signal), staleTime: 0 });
}

/** Forgets the signed-in user and every cached answer that belonged to them. */
export function clearSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
  queryClient.setQueryData(ME_QUERY_KEY, null);
}

/**
 * The signed-in user as the route guard saw it (route-guard.tsx provides it). Its pages read the
 * user from the guard, not from the session's query themselves: in a concurrent render (a
 * navigation is a transition) the query can change between the guard and a page below it, and
 * the shell then met a signed-out session the guard had not redirected yet (sign-out's clear,
 * caught by the owner journey as React's recoverable error #520).
 */
const SignedInUser = createContext<Me | null>(null);

export const SignedInUserProvider = SignedInUser.Provider;

/**
 * The signed-in user, for components rendered behind a route guard that already checked.
 * Throws when used elsewhere: a programming error, not a state to render.
 */
export function useRequiredMe(): Me {
  const me = useContext(SignedInUser);
  if (!me) throw new Error('useRequiredMe used outside a signed-in route');
  return me;
}

/** Whether the signed-in user may manage the plan, API keys, flows and the team (spec section 6). */
export function useIsAdmin(): boolean {
  return useRequiredMe().user.role === 'admin';
}

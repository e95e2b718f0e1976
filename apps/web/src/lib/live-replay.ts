import type { Query, QueryClient } from '@tanstack/react-query';
import { streamStatus, subscribeToStream } from './event-stream.ts';

/** How many values heard live a view remembers, to re-apply after a refetch that raced them. */
export const REMEMBERED_LIVE_VALUES = 200;

/** Keeps `value` as the latest for `key`, the oldest dropped past REMEMBERED_LIVE_VALUES. */
export function rememberLive<T>(heard: Map<string, T>, key: string, value: T): void {
  // Re-inserted so the Map's order stays oldest first for trimming.
  heard.delete(key);
  heard.set(key, value);
  if (heard.size > REMEMBERED_LIVE_VALUES) heard.delete(heard.keys().next().value as string);
}

type LiveReplay = {
  handlers: Omit<Parameters<typeof subscribeToStream>[0], 'ready'>;
  /** Refetches what the view shows: on every (re)connect, and at once when the stream is live already. */
  catchUp: () => void;
  /** The view's queries, whose fetches may undo what was heard live. */
  isViewQuery: (query: Query) => boolean;
  /** Applies what was heard live to the cache again. */
  reapply: () => void;
};

/**
 * One live view over the console's event stream (issue 48): its handlers, a catch-up on `ready`
 * for whatever happened while disconnected (and once at the start, when the shell had the stream
 * live already), and, after every fetch of the view's queries, what was heard live re-applied: a
 * refetch that read the database just before a change would undo it in the cache. Returns the
 * unsubscribe.
 */
export function listenLive(queryClient: QueryClient, { handlers, catchUp, isViewQuery, reapply }: LiveReplay) {
  const unsubscribeStream = subscribeToStream({ ...handlers, ready: catchUp });
  if (streamStatus() === 'live') catchUp();
  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (isViewQuery(event.query)) reapply();
  });
  return () => {
    unsubscribeCache();
    unsubscribeStream();
  };
}

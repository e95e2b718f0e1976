import { NOTIFICATIONS_PAGE_SIZE, type NotificationPage } from '@leadbell/shared/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Not under ['flows']: the live stream invalidates the flow list on every notification, and a
 * prefix match would refetch every loaded page of this list with it.
 */
export function notificationsQueryKey(flowId: string) {
  return ['notifications', flowId] as const;
}

export function getNotifications(flowId: string, cursor: string | null, signal?: AbortSignal) {
  const search = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) search.set('cursor', cursor);
  return apiRequest<NotificationPage>(`/v1/flows/${encodeURIComponent(flowId)}/notifications?${search.toString()}`, {
    signal,
  });
}

/** A flow's notifications, newest first, a page at a time. */
export function useNotifications(flowId: string) {
  return useInfiniteQuery({
    queryKey: notificationsQueryKey(flowId),
    queryFn: ({ pageParam, signal }) => getNotifications(flowId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

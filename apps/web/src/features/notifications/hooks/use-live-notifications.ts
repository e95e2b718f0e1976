import { NotificationSchema } from '@leadbell/shared/notifications';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notificationsQueryKey } from '../api/get-notifications.ts';
import { mergeNotifications, type LiveNotification } from '../merge-notifications.ts';

/** How many live notifications are remembered to re-apply after a refetch that raced them. */
const REMEMBERED = 200;

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

type LiveOptions = {
  /** Called for every notification of the entity, this flow's or not (e.g. to refresh counts). */
  onNotification?: () => void;
};

/**
 * Keeps a flow's open notification list live over `GET /v1/events` (Server-Sent Events).
 *
 * - New notifications of this flow go on top of the first page at once, without a refetch.
 * - `ready` (sent on every connect) refetches the list once: whatever arrived between loading it
 *   and subscribing is then in it. EventSource reconnects by itself with Last-Event-ID and the
 *   server replays what was missed.
 * - A refetch that read the database just before a notification committed would drop that
 *   notification from the cache again; the notifications seen live are re-applied after each fetch.
 */
export function useLiveNotifications(flowId: string, { onNotification }: LiveOptions = {}): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const onNotificationRef = useRef(onNotification);
  useEffect(() => {
    onNotificationRef.current = onNotification;
  }, [onNotification]);

  useEffect(() => {
    const queryKey = notificationsQueryKey(flowId);
    const queryHash = hashKey(queryKey);
    let live: LiveNotification[] = [];
    const apply = () => {
      const current = queryClient.getQueryData<Parameters<typeof mergeNotifications>[0]>(queryKey);
      const next = mergeNotifications(current, live);
      if (next !== current) queryClient.setQueryData(queryKey, next);
    };

    const source = new EventSource('/v1/events', { withCredentials: true });
    source.addEventListener('open', () => setStatus('live'));
    source.addEventListener('error', () =>
      setStatus(source.readyState === EventSource.CLOSED ? 'offline' : 'reconnecting'),
    );
    source.addEventListener('ready', () => {
      setStatus('live');
      void queryClient.invalidateQueries({ queryKey });
      onNotificationRef.current?.();
    });
    source.addEventListener('notification', (event: MessageEvent<string>) => {
      let payload: unknown;
      try {
        payload = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = NotificationSchema.safeParse(payload);
      if (!parsed.success) return;
      onNotificationRef.current?.();
      if (parsed.data.flowId !== flowId) return;
      const seq = Number.parseInt(event.lastEventId, 10);
      live = [
        { seq: Number.isSafeInteger(seq) ? seq : Number.MAX_SAFE_INTEGER, notification: parsed.data },
        ...live,
      ].slice(0, REMEMBERED);
      apply();
    });

    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      if (event.query.queryHash !== queryHash) return;
      apply();
    });

    return () => {
      unsubscribe();
      source.close();
    };
  }, [flowId, queryClient]);

  return status;
}

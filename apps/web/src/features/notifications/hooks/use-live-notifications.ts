import { DeliveryEventSchema, NotificationSchema, type DeliverySummary } from '@leadbell/shared/notifications';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  readEventData,
  streamStatus,
  subscribeToStream,
  useStreamStatus,
  type StreamStatus,
} from '../../../lib/event-stream.ts';
import { notificationsQueryKey } from '../api/get-notifications.ts';
import { applyDeliveries } from '../apply-deliveries.ts';
import { mergeNotifications, type LiveNotification } from '../merge-notifications.ts';

/** How many live notifications (and delivery statuses) are remembered to re-apply after a refetch that raced them. */
const REMEMBERED = 200;

export type LiveStatus = StreamStatus;

type LiveOptions = {
  /** Called for every notification of the entity, this flow's or not (e.g. to refresh counts). */
  onNotification?: () => void;
};

/**
 * Keeps a flow's open notification list live over the console's event stream (lib/event-stream.ts).
 *
 * - New notifications of this flow go on top of the first page at once, without a refetch.
 * - `ready` (sent on every connect) refetches the list once: whatever arrived between loading it
 *   and subscribing is then in it. EventSource reconnects by itself with Last-Event-ID and the
 *   server replays what was missed. When the stream was already live (the shell opened it), the
 *   list refetches once as it starts listening, for the same reason.
 * - A refetch that read the database just before a notification committed would drop that
 *   notification from the cache again; the notifications seen live are re-applied after each fetch.
 * - `delivery` events update a row's delivery status in place, and are re-applied the same way (a
 *   status can also arrive before its row).
 */
export function useLiveNotifications(flowId: string, { onNotification }: LiveOptions = {}): LiveStatus {
  const queryClient = useQueryClient();
  const status = useStreamStatus();
  const onNotificationRef = useRef(onNotification);
  useEffect(() => {
    onNotificationRef.current = onNotification;
  }, [onNotification]);

  useEffect(() => {
    const queryKey = notificationsQueryKey(flowId);
    const queryHash = hashKey(queryKey);
    let live: LiveNotification[] = [];
    let arrivals = 0;
    const deliveries = new Map<string, DeliverySummary>();
    const apply = () => {
      const current = queryClient.getQueryData<Parameters<typeof mergeNotifications>[0]>(queryKey);
      const next = applyDeliveries(mergeNotifications(current, live), deliveries);
      if (next !== current) queryClient.setQueryData(queryKey, next);
    };
    const catchUp = () => {
      void queryClient.invalidateQueries({ queryKey });
      onNotificationRef.current?.();
    };

    const unsubscribeStream = subscribeToStream({
      ready: catchUp,
      notification: (event) => {
        const notification = readEventData(event, NotificationSchema);
        if (!notification) return;
        onNotificationRef.current?.();
        if (notification.flowId !== flowId) return;
        arrivals += 1;
        live = [{ seq: arrivals, notification }, ...live].slice(0, REMEMBERED);
        apply();
      },
      delivery: (event) => {
        const change = readEventData(event, DeliveryEventSchema);
        if (!change || change.flowId !== flowId) return;
        // Re-inserted so the Map's order stays oldest first for trimming.
        deliveries.delete(change.notificationId);
        deliveries.set(change.notificationId, change.delivery);
        if (deliveries.size > REMEMBERED) deliveries.delete(deliveries.keys().next().value as string);
        apply();
      },
    });
    if (streamStatus() === 'live') catchUp();

    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      if (event.query.queryHash !== queryHash) return;
      apply();
    });

    return () => {
      unsubscribe();
      unsubscribeStream();
    };
  }, [flowId, queryClient]);

  return status;
}

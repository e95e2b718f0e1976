import { DeliveryEventSchema, NotificationSchema, type DeliverySummary } from '@leadbell/shared/notifications';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { readEventData, useStreamStatus, type StreamStatus } from '../../../lib/event-stream.ts';
import { listenLive, REMEMBERED_LIVE_VALUES, rememberLive } from '../../../lib/live-replay.ts';
import { notificationsQueryKey } from '../api/get-notifications.ts';
import { applyDeliveries } from '../apply-deliveries.ts';
import { mergeNotifications, type LiveNotification } from '../merge-notifications.ts';

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
    return listenLive(queryClient, {
      catchUp: () => {
        void queryClient.invalidateQueries({ queryKey });
        onNotificationRef.current?.();
      },
      handlers: {
        notification: (event) => {
          const notification = readEventData(event, NotificationSchema);
          if (!notification) return;
          onNotificationRef.current?.();
          if (notification.flowId !== flowId) return;
          arrivals += 1;
          live = [{ seq: arrivals, notification }, ...live].slice(0, REMEMBERED_LIVE_VALUES);
          apply();
        },
        delivery: (event) => {
          const change = readEventData(event, DeliveryEventSchema);
          if (!change || change.flowId !== flowId) return;
          rememberLive(deliveries, change.notificationId, change.delivery);
          apply();
        },
      },
      isViewQuery: (query) => query.queryHash === queryHash,
      reapply: apply,
    });
  }, [flowId, queryClient]);

  return status;
}

import { NotificationSchema } from '@leadbell/shared/notifications';
import type { SetupStatus } from '@leadbell/shared/setup';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readEventData, useStreamEvents } from '../../../lib/event-stream.ts';
import { DELIVERY_PREFERENCES_QUERY_KEY } from '../../devices/api/get-delivery-preferences.ts';
import { DEVICES_QUERY_KEY } from '../../devices/api/get-devices.ts';
import { SETUP_QUERY_KEY } from '../api/get-setup.ts';

/**
 * Keeps the checklist and the alerting warning true while the console is open:
 * - `setup` (a device confirmed a push, a test's outcome changed) refetches it, with the devices
 *   and the email-copies default that a confirmation changes;
 * - a `notification` can tick "Connect your website" (any, tests too) and "Your first real lead";
 * - `ready` (the stream connected again) catches up on whatever changed meanwhile;
 * - the device list or the email-copies choice changing (on any page) changes step ① and the warning.
 */
export function useLiveSetup() {
  const queryClient = useQueryClient();

  useStreamEvents({
    ready: () => void queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY }),
    setup: () => {
      void queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: DELIVERY_PREFERENCES_QUERY_KEY });
    },
    notification: (event) => {
      if (!readEventData(event, NotificationSchema)) return;
      const setup = queryClient.getQueryData<SetupStatus>(SETUP_QUERY_KEY);
      if (!setup || !setup.steps.connect.isDone || !setup.steps.firstLead.isDone)
        void queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY });
    },
  });

  useEffect(() => {
    const watched = new Map<string, unknown>([
      [hashKey(DEVICES_QUERY_KEY), undefined],
      [hashKey(DELIVERY_PREFERENCES_QUERY_KEY), undefined],
    ]);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const { queryHash } = event.query;
      if (!watched.has(queryHash)) return;
      const previous = watched.get(queryHash);
      const data: unknown = event.query.state.data;
      if (data === previous) return;
      watched.set(queryHash, data);
      // The first read only learns the current state; a change after it is news.
      if (previous !== undefined) void queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY });
    });
  }, [queryClient]);
}

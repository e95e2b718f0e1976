import type { LaneSource } from './lane.ts';
import type { DeliveryUnit, WakeLane } from './lane-scheduler.ts';
import { OUTBOX_BATCH_SIZE, type OutboxTake } from './take-outbox.ts';

/**
 * The push lane's first two sources (decisions 034, 067, 069): `outbox` takes job_outbox's rows,
 * their jobs into pg-boss and their leads' deliveries claimed to send now; `settle` does what rings
 * nobody for every lead taken meanwhile, once the oldest is due. Each wakes the lanes its
 * statement left work for, and one timer waits for the next settle.
 */
export function createOutboxMover({
  take,
  settle,
  wake,
}: {
  take: (options: { room: number; alone: boolean }) => Promise<OutboxTake>;
  settle: () => Promise<OutboxTake>;
  wake: WakeLane;
}): { outbox: LaneSource<DeliveryUnit>; settle: LaneSource<DeliveryUnit> } {
  // What a take or a settle queued, for the lanes that run it.
  const wakeLanesFor = ({ lanesWithDeliveries, lanesWithJobs, settleDueAt }: OutboxTake) => {
    for (const lane of lanesWithDeliveries) wake(lane, ['due']);
    for (const lane of lanesWithJobs) wake(lane, ['jobs']);
    if (settleDueAt) settleAt(settleDueAt);
  };
  // One timer for the next settle, however many takes left rows behind it.
  let settleTimer: { at: number; timer: NodeJS.Timeout } | null = null;
  const settleAt = (at: Date) => {
    if (settleTimer && settleTimer.at <= at.getTime()) return;
    if (settleTimer) clearTimeout(settleTimer.timer);
    const timer = setTimeout(
      () => {
        settleTimer = null;
        wake('push', ['settle']);
      },
      Math.max(0, at.getTime() - Date.now()),
    ).unref();
    settleTimer = { at: at.getTime(), timer };
  };
  // The outbox's take fails whole when one row fails; the next takes the oldest row alone (decision 062).
  let takeAlone = false;
  return {
    outbox: {
      name: 'outbox',
      refill: 0,
      async take(room) {
        const taken = await take({ room, alone: takeAlone }).catch((error: unknown) => {
          takeAlone = true;
          throw error;
        });
        takeAlone = false;
        if (taken.taken === OUTBOX_BATCH_SIZE) wake('push', ['outbox']);
        wakeLanesFor(taken);
        return taken.sends.map((targets) => ({ kind: 'send', targets }));
      },
    },
    // No unit to run: a settle's work is done in its statement.
    settle: {
      name: 'settle',
      refill: 0,
      async take() {
        const settled = await settle();
        if (settled.taken === OUTBOX_BATCH_SIZE) wake('push', ['settle']);
        wakeLanesFor(settled);
        return [];
      },
    },
  };
}

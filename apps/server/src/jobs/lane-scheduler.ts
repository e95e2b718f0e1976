import type { DeliveryTarget } from '../features/deliveries/find-delivery-targets.ts';
import type { DeliveryLane } from './deliver-notification.job.ts';
import { OUTBOX_WAKE_UP } from './wake-delivery-workers.ts';
import { paced } from '../lib/paced.ts';
import { startLane, type Lane, type LaneSource, type SharedSlots } from './lane.ts';

/** What a lane runs: a lead's deliveries this worker claimed, or a job fetched from pg-boss. */
export type DeliveryUnit = { kind: 'send'; targets: DeliveryTarget[] } | { kind: 'job'; id: string; data: unknown };

/** Has a lane ask these sources at its next fetch. */
export type WakeLane = (lane: DeliveryLane, sources: readonly string[]) => void;

/** A lane's pg-boss queue: its jobs fetched into free slots, and how one runs. */
export type LaneJobs = {
  fetch: (room: number) => Promise<DeliveryUnit[]>;
  run: (id: string, data: unknown) => Promise<void>;
};

// Units in flight per process and lane (decision 054): a unit is a lead's deliveries in the lane,
// or a job; sends wait on the network, not the CPU. The channels' lanes together run at most
// CHANNEL_UNITS_IN_FLIGHT, since on a busy host every slot they fill is CPU the pushes do not get
// (their providers rate limit anyway, and each of their sends costs the database more than a
// push); each lane alone fewer than that, so a channel whose provider stopped answering leaves the
// others slots. Webhooks get 6: the circuit lets one slow endpoint hold 4
// (WEBHOOK_CIRCUIT.inFlightPerEndpoint), and the other endpoints need the rest.
const LANE_CONCURRENCY: Record<DeliveryLane, number> = { push: 32, webhooks: 6, telegram: 4, sms: 4 };
export const CHANNEL_UNITS_IN_FLIGHT = 8;
// A busy push lane fetches a backlog once half its slots are free, not a unit or two each time one
// frees: behind a backlog that cost a fetch, a read and a write per lead; now one of each serves the
// units fetched together (issue 23). The outbox's take runs at every wake-up (lane.ts).
const PUSH_LANE_REFILL = LANE_CONCURRENCY.push / 2;
// Only the fallback: new work wakes workers by NOTIFY, retries this process scheduled by a timer.
// It is also how another process finds a stopped one's claimed deliveries (DELIVERY_LEASE_SECONDS).
export const POLL_INTERVAL_MS = 1_000;
// A lone lead is taken at once; leads that follow within this wait and are taken together (issue
// 45). A take's fixed cost (its statements, the spam verdict's and the fan-out's set-up, a
// commit) was most of a lead's database time at 100 leads/s, when every take held about one lead.
const TAKE_SPACING_MS = 20;
const STOP_GRACE_MS = 5_000;

/**
 * The delivery worker's four lanes wired together (decision 054): the push lane asks its due
 * deliveries, then the outbox mover's sources, then its pg-boss jobs; `telegram` and `sms` their due
 * deliveries and jobs, drawing from shared slots; `webhooks` its jobs, from the same slots. A
 * wake-up from any process (`subscribeWakeUps`), the poll, or a take's or a retry's own timer
 * wakes them.
 */
export function startLaneScheduler({
  outboxSources,
  claimDue,
  jobs,
  senders,
  subscribeWakeUps,
  onError,
}: {
  /** The push lane's first sources (the outbox mover's), given the wake-up of any lane. */
  outboxSources: (wake: WakeLane) => LaneSource<DeliveryUnit>[];
  /** Claims the deliveries due in the lane of up to `limit` leads (decision 067): a unit each. */
  claimDue: (lane: Exclude<DeliveryLane, 'webhooks'>, limit: number) => Promise<DeliveryTarget[]>;
  jobs: Record<DeliveryLane, LaneJobs>;
  /** Sends deliveries the lane claimed. */
  senders: Record<Exclude<DeliveryLane, 'webhooks'>, (targets: DeliveryTarget[]) => Promise<void>>;
  /** Calls the listener with each wake-up's payload ('' after a lost connection); returns an unsubscribe. */
  subscribeWakeUps: (listener: (payload: string) => void) => () => void;
  onError: (error: unknown, lane: DeliveryLane, source: string) => void;
}): { wakeAll: () => void; stop: () => Promise<void> } {
  const lanes = {} as Record<DeliveryLane, Lane>;
  const wake: WakeLane = (lane, sources) => lanes[lane].wake(sources);
  const dueDeliveries = (lane: Exclude<DeliveryLane, 'webhooks'>, refill: number): LaneSource<DeliveryUnit> => ({
    name: 'due',
    refill,
    async take(room) {
      const targets = await claimDue(lane, room);
      // A lead's deliveries go together: one unit, one write of their settled attempts.
      const byLead = new Map<string, DeliveryTarget[]>();
      for (const target of targets)
        byLead.set(target.notificationId, [...(byLead.get(target.notificationId) ?? []), target]);
      return [...byLead.values()].map((leadTargets) => ({ kind: 'send', targets: leadTargets }));
    },
  });
  const pgBossJobs = (lane: DeliveryLane, refill: number): LaneSource<DeliveryUnit> => ({
    name: 'jobs',
    refill,
    take: (room) => jobs[lane].fetch(room),
  });
  const run = (lane: DeliveryLane) => (unit: DeliveryUnit) =>
    unit.kind === 'job'
      ? jobs[lane].run(unit.id, unit.data)
      : lane === 'webhooks'
        ? Promise.reject(new Error('the webhooks lane sends no deliveries'))
        : senders[lane](unit.targets);
  const onErrorIn = (lane: DeliveryLane) => (error: unknown, source: string) => onError(error, lane, source);

  lanes.push = startLane({
    // Deliveries due first: they waited longer than the leads the outbox holds (lane.ts's nextAsk).
    sources: [dueDeliveries('push', PUSH_LANE_REFILL), ...outboxSources(wake), pgBossJobs('push', PUSH_LANE_REFILL)],
    concurrency: LANE_CONCURRENCY.push,
    run: run('push'),
    onError: onErrorIn('push'),
  });
  const channelSlots: SharedSlots = { free: CHANNEL_UNITS_IN_FLIGHT, wakeUps: new Set() };
  for (const lane of ['telegram', 'sms'] as const)
    lanes[lane] = startLane({
      sources: [dueDeliveries(lane, 1), pgBossJobs(lane, 1)],
      concurrency: LANE_CONCURRENCY[lane],
      shared: channelSlots,
      run: run(lane),
      onError: onErrorIn(lane),
    });
  lanes.webhooks = startLane({
    sources: [pgBossJobs('webhooks', 1)],
    concurrency: LANE_CONCURRENCY.webhooks,
    shared: channelSlots,
    run: run('webhooks'),
    onError: onErrorIn('webhooks'),
  });

  const wakeAll = () => {
    for (const lane of Object.values(lanes)) lane.wake();
  };
  // New leads wake the take at most once per TAKE_SPACING_MS (issue 45).
  const wakeOutbox = paced(() => lanes.push.wake(['outbox']), TAKE_SPACING_MS);
  const unsubscribe = subscribeWakeUps((payload) => {
    if (payload === OUTBOX_WAKE_UP) wakeOutbox();
    else wakeAll();
  });
  const poll = setInterval(() => wakeAll(), POLL_INTERVAL_MS);
  wakeAll();

  return {
    wakeAll,
    async stop() {
      unsubscribe();
      clearInterval(poll);
      // Units still running after the grace period are sent again elsewhere once their claims run
      // out, or their jobs expire; recording is guarded either way.
      await Promise.all(Object.values(lanes).map((lane) => lane.stop(STOP_GRACE_MS)));
    },
  };
}

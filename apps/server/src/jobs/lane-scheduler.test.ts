import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryTarget } from '../features/deliveries/find-delivery-targets.ts';
import { DELIVERY_LANES, type DeliveryLane } from './deliver-notification.job.ts';
import type { LaneSource } from './lane.ts';
import {
  CHANNEL_UNITS_IN_FLIGHT,
  POLL_INTERVAL_MS,
  startLaneScheduler,
  type DeliveryUnit,
  type LaneJobs,
  type WakeLane,
} from './lane-scheduler.ts';
import { OUTBOX_WAKE_UP } from './wake-delivery-workers.ts';

const settle = () => new Promise((resolve) => setImmediate(resolve));
type ChannelLane = Exclude<DeliveryLane, 'webhooks'>;

/**
 * A scheduler over sources that record what each lane asked (`lane:source`, in order) and answer
 * what the test says waits: jobs in a lane's queue, deliveries due. Every unit runs until released.
 */
function scheduler({
  jobsWaiting = {},
  dueWaiting = {},
}: {
  jobsWaiting?: Partial<Record<DeliveryLane, number>>;
  dueWaiting?: Partial<Record<ChannelLane, DeliveryTarget[]>>;
} = {}) {
  const asked: string[] = [];
  const running: Array<{ lane: DeliveryLane; unit: DeliveryUnit }> = [];
  const releases: Array<() => void> = [];
  const listeners = new Set<(payload: string) => void>();
  let wakeLane!: WakeLane;
  const hold = (lane: DeliveryLane, unit: DeliveryUnit) =>
    new Promise<void>((resolve) => {
      running.push({ lane, unit });
      releases.push(resolve);
    });
  const outboxSource = (name: string): LaneSource<DeliveryUnit> => ({
    name,
    refill: 0,
    async take() {
      asked.push(`push:${name}`);
      return [];
    },
  });
  const jobsOf = (lane: DeliveryLane): LaneJobs => ({
    async fetch(room) {
      asked.push(`${lane}:jobs`);
      const count = Math.min(room, jobsWaiting[lane] ?? 0);
      jobsWaiting[lane] = (jobsWaiting[lane] ?? 0) - count;
      return Array.from({ length: count }, (_, index) => ({ kind: 'job', id: `${lane}-${index}`, data: {} }));
    },
    run: (id, data) => hold(lane, { kind: 'job', id, data }),
  });
  const sendIn = (lane: ChannelLane) => (targets: DeliveryTarget[]) => hold(lane, { kind: 'send', targets });
  const started = startLaneScheduler({
    outboxSources: (wake) => {
      wakeLane = wake;
      return [outboxSource('outbox'), outboxSource('settle')];
    },
    claimDue: async (lane, limit) => {
      asked.push(`${lane}:due`);
      return (dueWaiting[lane] ?? []).splice(0, limit);
    },
    jobs: Object.fromEntries(DELIVERY_LANES.map((lane) => [lane, jobsOf(lane)])) as Record<DeliveryLane, LaneJobs>,
    senders: { push: sendIn('push'), telegram: sendIn('telegram'), sms: sendIn('sms') },
    subscribeWakeUps: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onError: () => {},
  });
  return {
    ...started,
    asked,
    running,
    releases,
    listeners,
    wakeLane: (lane: DeliveryLane, sources: readonly string[]) => wakeLane(lane, sources),
    notify: (payload: string) => listeners.forEach((listener) => listener(payload)),
  };
}

const target = (notificationId: string) => ({ notificationId }) as DeliveryTarget;

afterEach(() => {
  vi.useRealTimers();
});

describe('lane scheduler › wake-ups', () => {
  it('starts with every lane asking its sources in order: the push lane its due deliveries, take, settle, then jobs', async () => {
    const lanes = scheduler();
    await settle();
    const askedIn = (lane: DeliveryLane) => lanes.asked.filter((asked) => asked.startsWith(`${lane}:`));
    expect(askedIn('push')).toEqual(['push:due', 'push:outbox', 'push:settle', 'push:jobs']);
    expect(askedIn('telegram')).toEqual(['telegram:due', 'telegram:jobs']);
    expect(askedIn('sms')).toEqual(['sms:due', 'sms:jobs']);
    expect(askedIn('webhooks')).toEqual(['webhooks:jobs']);
    await lanes.stop();
  });

  it('a wake-up for accepted leads asks only the push lane’s take; any other wakes every source of every lane', async () => {
    const lanes = scheduler();
    await settle();
    lanes.asked.length = 0;
    lanes.notify(OUTBOX_WAKE_UP);
    await settle();
    expect(lanes.asked).toEqual(['push:outbox']);
    lanes.asked.length = 0;
    lanes.notify('');
    await settle();
    expect(lanes.asked).toHaveLength(9);
    await lanes.stop();
  });

  it('what the outbox mover wakes is asked in that lane alone', async () => {
    const lanes = scheduler();
    await settle();
    lanes.asked.length = 0;
    lanes.wakeLane('sms', ['due']);
    lanes.wakeLane('push', ['settle']);
    await settle();
    expect(lanes.asked).toEqual(['sms:due', 'push:settle']);
    await lanes.stop();
  });

  it('the poll wakes every lane each second; stopped, the scheduler hears neither the poll nor wake-ups', async () => {
    vi.useFakeTimers();
    const lanes = scheduler();
    await vi.advanceTimersByTimeAsync(0);
    lanes.asked.length = 0;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(lanes.asked).toHaveLength(9);
    await lanes.stop();
    expect(lanes.listeners.size).toBe(0);
    lanes.asked.length = 0;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(lanes.asked).toEqual([]);
  });
});

describe('lane scheduler › units', () => {
  it('a lead’s due deliveries run together as one unit', async () => {
    const lanes = scheduler({ dueWaiting: { push: [target('a'), target('b'), target('a')] } });
    await settle();
    expect(lanes.running.map(({ lane, unit }) => [lane, unit])).toEqual([
      ['push', { kind: 'send', targets: [target('a'), target('a')] }],
      ['push', { kind: 'send', targets: [target('b')] }],
    ]);
    for (const release of lanes.releases) release();
    await lanes.stop();
  });

  it('the channels’ lanes and the webhooks lane together run at most their shared slots', async () => {
    const lanes = scheduler({ jobsWaiting: { telegram: 4, sms: 4, webhooks: 6 } });
    await settle();
    expect(lanes.running).toHaveLength(CHANNEL_UNITS_IN_FLIGHT);
    lanes.releases.shift()!();
    await settle();
    expect(lanes.running).toHaveLength(CHANNEL_UNITS_IN_FLIGHT + 1);
    for (const release of lanes.releases) release();
    await lanes.stop();
  });
});

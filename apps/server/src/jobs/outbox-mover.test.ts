import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryTarget } from '../features/deliveries/find-delivery-targets.ts';
import type { DeliveryLane } from './deliver-notification.job.ts';
import { createOutboxMover } from './outbox-mover.ts';
import { OUTBOX_BATCH_SIZE, type OutboxTake } from './take-outbox.ts';

const nothing: OutboxTake = { taken: 0, sends: [], lanesWithDeliveries: [], lanesWithJobs: [], settleDueAt: null };

/** A mover whose take and settle answer what the test queues, and which records every wake-up. */
function mover() {
  const takes: Array<OutboxTake | Error> = [];
  const settles: OutboxTake[] = [];
  const asked: Array<{ room: number; alone: boolean }> = [];
  const woken: Array<[DeliveryLane, readonly string[]]> = [];
  const { outbox, settle } = createOutboxMover({
    take: async (options) => {
      asked.push(options);
      const next = takes.shift() ?? nothing;
      if (next instanceof Error) throw next;
      return next;
    },
    settle: async () => settles.shift() ?? nothing,
    wake: (lane, sources) => void woken.push([lane, sources]),
  });
  return { outbox, settle, takes, settles, asked, woken };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('outbox mover › the take', () => {
  it('is asked at every wake-up, even with no slot free, and runs the deliveries it claimed, a lead at a time', async () => {
    const { outbox, takes } = mover();
    expect(outbox).toMatchObject({ name: 'outbox', refill: 0 });
    const lead = [{ notificationId: 'a' }, { notificationId: 'a' }] as DeliveryTarget[];
    takes.push({ ...nothing, taken: 1, sends: [lead] });
    expect(await outbox.take(4)).toEqual([{ kind: 'send', targets: lead }]);
  });

  it('after a take that failed, the next takes the oldest row alone; after one that worked, batches again', async () => {
    const { outbox, takes, asked } = mover();
    takes.push(new Error('a row failed'), nothing, nothing);
    await expect(outbox.take(8)).rejects.toThrow('a row failed');
    await outbox.take(8);
    await outbox.take(8);
    expect(asked).toEqual([
      { room: 8, alone: false },
      { room: 8, alone: true },
      { room: 8, alone: false },
    ]);
  });

  it('a full batch asks the take again; the lanes it left deliveries or jobs for are woken', async () => {
    const { outbox, takes, woken } = mover();
    takes.push({ ...nothing, taken: OUTBOX_BATCH_SIZE, lanesWithDeliveries: ['sms'], lanesWithJobs: ['webhooks'] });
    await outbox.take(0);
    expect(woken).toEqual([
      ['push', ['outbox']],
      ['sms', ['due']],
      ['webhooks', ['jobs']],
    ]);
  });
});

describe('outbox mover › the settle', () => {
  it('runs no unit, and wakes what it queued', async () => {
    const { settle, settles, woken } = mover();
    expect(settle).toMatchObject({ name: 'settle', refill: 0 });
    settles.push({ ...nothing, taken: OUTBOX_BATCH_SIZE, lanesWithJobs: ['push'] });
    expect(await settle.take(4)).toEqual([]);
    expect(woken).toEqual([
      ['push', ['settle']],
      ['push', ['jobs']],
    ]);
  });

  it('one timer waits for the earliest settle due: a later due keeps it, an earlier one replaces it', async () => {
    vi.useFakeTimers();
    const { outbox, takes, woken } = mover();
    const now = Date.now();
    takes.push(
      { ...nothing, settleDueAt: new Date(now + 200) },
      { ...nothing, settleDueAt: new Date(now + 300) },
      { ...nothing, settleDueAt: new Date(now + 100) },
    );
    for (let take = 0; take < 3; take += 1) await outbox.take(1);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(99);
    expect(woken).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(woken).toEqual([['push', ['settle']]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a settle due after the timer fired gets a timer of its own', async () => {
    vi.useFakeTimers();
    const { outbox, takes, woken } = mover();
    takes.push({ ...nothing, settleDueAt: new Date(Date.now() + 100) });
    await outbox.take(1);
    vi.advanceTimersByTime(100);
    takes.push({ ...nothing, settleDueAt: new Date(Date.now() + 100) });
    await outbox.take(1);
    vi.advanceTimersByTime(100);
    expect(woken).toEqual([
      ['push', ['settle']],
      ['push', ['settle']],
    ]);
  });
});

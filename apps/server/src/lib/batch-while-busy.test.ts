import { describe, expect, it, vi } from 'vitest';
import { batchWhileBusy } from './batch-while-busy.ts';

/** A run that records its items and ends when told. */
function controlledRun() {
  const runs: Array<{ items: number[]; finish: () => void; fail: (error: Error) => void }> = [];
  const run = (items: number[]) =>
    new Promise<number[]>((resolve, reject) => {
      runs.push({ items, finish: () => resolve(items), fail: reject });
    });
  return { runs, run };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('batchWhileBusy', () => {
  it('runs a lone call at once, with its own items', async () => {
    const { runs, run } = controlledRun();
    const batched = batchWhileBusy(run);
    const answer = batched([1, 2]);
    await settled();
    expect(runs.map((one) => one.items)).toEqual([[1, 2]]);
    runs[0]!.finish();
    await expect(answer).resolves.toEqual([1, 2]);
  });

  it('joins calls made in one synchronous stretch into one run', async () => {
    const { runs, run } = controlledRun();
    const batched = batchWhileBusy(run);
    const answers = [batched([1]), batched([2]), batched([3])];
    await settled();
    expect(runs.map((one) => one.items)).toEqual([[1, 2, 3]]);
    runs[0]!.finish();
    expect(await Promise.all(answers)).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('holds calls made while a run is under way for one next run, never two runs at once', async () => {
    const { runs, run } = controlledRun();
    const batched = batchWhileBusy(run);
    const first = batched([1]);
    await settled();
    const later = [batched([2]), batched([3])];
    await settled();
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await first;
    await settled();
    expect(runs.map((one) => one.items)).toEqual([[1], [2, 3]]);
    runs[1]!.finish();
    expect(await Promise.all(later)).toEqual([
      [2, 3],
      [2, 3],
    ]);
  });

  it('rejects every call of a run that failed, and the next run still goes', async () => {
    const { runs, run } = controlledRun();
    const batched = batchWhileBusy(run);
    const failing = [batched([1]), batched([2])];
    await settled();
    const after = batched([3]);
    runs[0]!.fail(new Error('connection lost'));
    for (const answer of failing) await expect(answer).rejects.toThrow('connection lost');
    await settled();
    expect(runs.map((one) => one.items)).toEqual([[1, 2], [3]]);
    runs[1]!.finish();
    await expect(after).resolves.toEqual([3]);
  });

  it('with gatherMs, has a lone call wait that long for the calls that follow, then runs them together', async () => {
    vi.useFakeTimers();
    try {
      const { runs, run } = controlledRun();
      const batched = batchWhileBusy(run, { gatherMs: 30 });
      const first = batched([1]);
      await vi.advanceTimersByTimeAsync(20);
      expect(runs).toHaveLength(0);
      const second = batched([2]);
      await vi.advanceTimersByTimeAsync(10);
      expect(runs.map((one) => one.items)).toEqual([[1, 2]]);
      runs[0]!.finish();
      expect(await Promise.all([first, second])).toEqual([
        [1, 2],
        [1, 2],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

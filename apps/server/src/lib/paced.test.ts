import { afterEach, describe, expect, it, vi } from 'vitest';
import { paced } from './paced.ts';

describe('paced', () => {
  afterEach(() => vi.useRealTimers());

  it('calls at once after a quiet spell, and once at the end of the spacing for every call within it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const call = vi.fn();
    const wake = paced(call, 20);
    wake();
    expect(call).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5);
    wake();
    wake();
    vi.advanceTimersByTime(14);
    expect(call).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(call).toHaveBeenCalledTimes(2);
    // The late call starts the next spacing: a call 10 ms after it waits 10 ms more.
    vi.advanceTimersByTime(10);
    wake();
    expect(call).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10);
    expect(call).toHaveBeenCalledTimes(3);
    // Quiet for longer than the spacing: at once again.
    vi.advanceTimersByTime(100);
    wake();
    expect(call).toHaveBeenCalledTimes(4);
  });
});

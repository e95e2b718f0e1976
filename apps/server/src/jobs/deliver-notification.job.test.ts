import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './deliver-notification.job.ts';

describe('retry delay', () => {
  it('waits a random time between zero and a ceiling that doubles with each attempt', () => {
    expect(retryDelayMs(0, () => 0)).toBe(0);
    expect(retryDelayMs(0, () => 0.999)).toBe(999);
    expect(retryDelayMs(3, () => 0.5)).toBe(4000);
    expect(retryDelayMs(4, () => 0.999)).toBeLessThan(16_000);
  });

  it('never waits more than 30 minutes, however many attempts failed', () => {
    expect(retryDelayMs(50, () => 0.999_999)).toBeLessThan(30 * 60_000);
  });
});

import { describe, expect, it } from 'vitest';
import { REMEMBERED_LIVE_VALUES, rememberLive } from './live-replay.ts';

describe('live replay › what a view remembers hearing', () => {
  it('keeps the latest value per key, and drops the one heard longest ago past the limit', () => {
    const heard = new Map<string, number>();
    for (let i = 0; i < REMEMBERED_LIVE_VALUES; i += 1) rememberLive(heard, `lead-${i}`, i);
    // Heard again: now the newest, so not the one to drop.
    rememberLive(heard, 'lead-0', 1000);
    rememberLive(heard, 'lead-new', 1);
    expect(heard.size).toBe(REMEMBERED_LIVE_VALUES);
    expect(heard.get('lead-0')).toBe(1000);
    expect(heard.has('lead-1')).toBe(false);
    expect([...heard.keys()].at(-1)).toBe('lead-new');
  });
});

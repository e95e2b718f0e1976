import { describe, expect, it } from 'vitest';
import { claimBucketOf } from './insights.ts';

describe('claimBucketOf', () => {
  it('keeps seconds under a minute, then rounds down to 10 s, a minute, 15 minutes and an hour', () => {
    expect([0, 59, 60, 69, 599, 600, 659, 3599, 3600, 4499, 86_399, 86_400, 90_061].map(claimBucketOf)).toEqual([
      0, 59, 60, 60, 590, 600, 600, 3540, 3600, 3600, 85_500, 86_400, 90_000,
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseClient, type DatabaseClient } from '../../db/client.ts';
import { createTestDatabase } from '../../../test/test-app.ts';
import { takeAllowances, takeAllowancesUpTo, type Allowance } from './take-allowances.ts';

// The mechanism behind every limit on someone's behalf (decision 070), on a real PostgreSQL:
// what the feature tests show through their routes, here for the counters themselves.

let client: DatabaseClient;
let keyCount = 0;

beforeAll(async () => {
  client = createDatabaseClient((await createTestDatabase()).url, { max: 10 });
});
afterAll(async () => client?.pool.end());

function allowance(limit: number, windowSeconds = 3600): Allowance {
  keyCount += 1;
  return { key: `test:${keyCount}`, limit, windowSeconds, refusal: `Spent ${keyCount}.` };
}

async function usedOf(key: string): Promise<number | undefined> {
  const { rows } = await client.pool.query<{ used: number }>('select used from allowances where key = $1', [key]);
  return rows[0]?.used;
}

describe('allowances', () => {
  it('40 parallel takes of a counter of 7 grant exactly 7; the rest are refused with Retry-After', async () => {
    const seven = allowance(7);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => takeAllowances(client.db, [seven])));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(7);
    const refused = results.find((result) => result.status === 'rejected')!.reason;
    expect(refused).toMatchObject({ code: 'rate_limited', message: seven.refusal });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await usedOf(seven.key)).toBe(7);
  });

  it('is all or nothing: a spent counter names itself and takes nothing from the others', async () => {
    const [roomy, spent] = [allowance(10), allowance(1)];
    await takeAllowances(client.db, [spent]);
    await expect(takeAllowances(client.db, [roomy, spent])).rejects.toMatchObject({ message: spent.refusal });
    expect(await usedOf(roomy.key)).toBe(0);
    expect(await usedOf(spent.key)).toBe(1);
  });

  it('a refusal on a field says so on the field too', async () => {
    const number = { ...allowance(1), field: 'phone' };
    await takeAllowances(client.db, [number]);
    await expect(takeAllowances(client.db, [number])).rejects.toMatchObject({
      status: 429,
      fields: { phone: [number.refusal] },
    });
  });

  it('gives back what failed work took, but owes a window that started since nothing', async () => {
    const counter = allowance(2, 60);
    const first = await takeAllowances(client.db, [counter]);
    await takeAllowances(client.db, [counter]);
    await first.giveBack();
    expect(await usedOf(counter.key)).toBe(1);

    const stale = await takeAllowances(client.db, [counter]);
    // The window ends; the next take starts a new one, which the old take's give-back leaves alone.
    await client.pool.query(`update allowances set window_started_at = now() - interval '61 seconds' where key = $1`, [
      counter.key,
    ]);
    await takeAllowances(client.db, [counter]);
    expect(await usedOf(counter.key)).toBe(1);
    await stale.giveBack();
    expect(await usedOf(counter.key)).toBe(1);
  });

  it('up to: grants what every counter has room for, at most what was wanted', async () => {
    const [five, three] = [allowance(5), allowance(3)];
    expect((await takeAllowancesUpTo(client.db, [five, three], 2)).granted).toBe(2);
    const partial = await takeAllowancesUpTo(client.db, [five, three], 4);
    expect(partial.granted).toBe(1);
    expect([await usedOf(five.key), await usedOf(three.key)]).toEqual([3, 3]);
    await partial.giveBack(1);
    expect([await usedOf(five.key), await usedOf(three.key)]).toEqual([2, 2]);
    expect((await takeAllowancesUpTo(client.db, [three], 0)).granted).toBe(0);
  });
});

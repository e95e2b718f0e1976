import { describe, expect, it } from 'vitest';
import { insertBusiness, storedFunctionsDatabase, type Business } from '../../../test/stored-function-fixtures.ts';

// 10-rate.sql, called directly (decisions 028, 059). A rate this slow refills nothing while a test
// runs: what a key gets is its burst.
const SLOW_RATE = 0.0001;

const database = storedFunctionsDatabase();

async function value<Result>(query: string, parameters: unknown[] = []): Promise<Result> {
  const { rows } = await database.db.query<{ value: Result }>(query, parameters);
  return rows[0]!.value;
}

async function bucketOf(apiKeyId: string): Promise<{ tokens: number; taken: number } | undefined> {
  const { rows } = await database.db.query<{ tokens: number; taken: number }>(
    'select tokens, taken from api_key_rate_buckets where api_key_id = $1',
    [apiKeyId],
  );
  return rows[0];
}

/**
 * `count` items of a batch as accept-batcher.ts sends them: rendered from the business's key, flow
 * and plan as they are now, so the accept finds none stale; `overrides` change every item.
 */
async function itemsOf(business: Business, count: number, overrides: Record<string, unknown> = {}) {
  const item = await value<Record<string, unknown>>(
    `select jsonb_build_object(
       'entity_id', e.id, 'api_key_id', k.id, 'allowed_origins', k.allowed_origins,
       'flow_id', f.id, 'flow_title', f.title, 'flow_message', f.message,
       'plan', e.plan, 'plan_selected_at', date_trunc('milliseconds', e.plan_selected_at),
       'period_start', date_trunc('month', now(), 'UTC'), 'included_notifications', 1000,
       'is_test', false, 'test_limit', 100, 'title', 'New lead', 'message', 'Someone wrote',
       'source', 'api', 'is_spam', false) as value
       from api_keys k join entities e on e.id = k.entity_id join flows f on f.entity_id = e.id
      where k.id = $1`,
    [business.apiKeyId],
  );
  return Array.from({ length: count }, (_, index) => ({ ...item, item: index, ...overrides }));
}

type Outcome = { item: number; outcome: string; rate_tokens: number | null };

async function acceptWithinRate(items: object[], burst: number): Promise<Outcome[]> {
  const { rows } = await database.db.query<Outcome>(
    `select item, outcome, rate_tokens from leadbell_accept_notifications_within_rate($1, $2, $3) order by item`,
    [JSON.stringify(items), SLOW_RATE, burst],
  );
  return rows;
}

describe('stored functions › the rate of an API key (10-rate.sql)', () => {
  it('a bucket refills at the rate by the database’s clock, never past its burst nor back in time', async () => {
    const refilled = (updatedAt: string) =>
      value<number>(`select leadbell_refilled_tokens(2, now() + $1::interval, 1.5, 10) as value`, [updatedAt]);
    expect(await refilled('-3 seconds')).toBeCloseTo(6.5, 6);
    expect(await refilled('-1 hour')).toBe(10);
    // Written by a transaction that started after this one: nothing to refill yet.
    expect(await refilled('5 seconds')).toBe(2);
  });

  it('a lease takes what it asks for down to half the burst, and a revoked key is leased nothing', async () => {
    const business = await insertBusiness(database.db);
    const lease = async () =>
      (
        await database.db.query<{ granted: number; tokens: number }>(
          'select granted, tokens from leadbell_lease_rate_tokens($1, 16, $2, 100)',
          [business.apiKeyId, SLOW_RATE],
        )
      ).rows;
    const granted: number[] = [];
    for (let lease_ = 0; lease_ < 5; lease_ += 1) granted.push((await lease())[0]!.granted);
    expect(granted).toEqual([16, 16, 16, 2, 0]);
    expect(Math.round((await bucketOf(business.apiKeyId))!.tokens)).toBe(50);

    const revoked = await insertBusiness(database.db);
    await database.db.query('update api_keys set revoked_at = now() where id = $1', [revoked.apiKeyId]);
    expect(
      (
        await database.db.query('select granted from leadbell_lease_rate_tokens($1, 16, $2, 100)', [
          revoked.apiKeyId,
          SLOW_RATE,
        ])
      ).rows,
    ).toEqual([]);
    expect(await bucketOf(revoked.apiKeyId)).toBeUndefined();
  });

  it('a batch takes its key’s tokens in item order: past its bucket an item is rate_limited, and each says what is left', async () => {
    const business = await insertBusiness(database.db);
    const outcomes = await acceptWithinRate(await itemsOf(business, 5), 3);
    expect(outcomes.map(({ outcome, rate_tokens }) => [outcome, Math.round(rate_tokens!)])).toEqual([
      ['accepted', 2],
      ['accepted', 1],
      ['accepted', 0],
      ['rate_limited', 0],
      ['rate_limited', 0],
    ]);
    expect(Math.round((await bucketOf(business.apiKeyId))!.tokens)).toBe(0);
    // The refused items wrote nothing: three leads, three counted.
    expect(
      await value<number>('select count(*)::int as value from lead_intake where entity_id = $1', [business.entityId]),
    ).toBe(3);
  });

  it('items charged from their process’s lease pass without writing or waiting on the key’s bucket', async () => {
    const business = await insertBusiness(database.db);
    const outcomes = await acceptWithinRate(await itemsOf(business, 2, { rate_tokens: 7 }), 3);
    expect(outcomes.map(({ outcome, rate_tokens }) => [outcome, rate_tokens])).toEqual([
      ['accepted', 7],
      ['accepted', 7],
    ]);
    expect(await bucketOf(business.apiKeyId)).toBeUndefined();
  });

  it('a revoked key is not charged: its items come back stale, so the caller reads the key afresh (401, never 429)', async () => {
    const business = await insertBusiness(database.db);
    const items = await itemsOf(business, 2);
    await database.db.query('update api_keys set revoked_at = now() where id = $1', [business.apiKeyId]);
    const outcomes = await acceptWithinRate(items, 3);
    expect(outcomes.map(({ outcome, rate_tokens }) => [outcome, rate_tokens])).toEqual([
      ['stale', null],
      ['stale', null],
    ]);
    expect(await bucketOf(business.apiKeyId)).toBeUndefined();
  });

  it('an item the accept finds stale gives its token back: its retry takes one', async () => {
    const business = await insertBusiness(database.db);
    const items = await itemsOf(business, 2);
    await database.db.query(`update flows set title = 'Renamed' where id = $1`, [business.flowId]);
    const outcomes = await acceptWithinRate(items, 3);
    expect(outcomes.map(({ outcome }) => outcome)).toEqual(['stale', 'stale']);
    expect(Math.round((await bucketOf(business.apiKeyId))!.tokens)).toBe(3);
  });

  // A batch of plain items is charged and accepted in one statement (issue 45); any other is charged
  // there and accepted by leadbell_accept_notifications. Both charge a key's items the same way.
  it('one stale item among plain ones: the others are accepted, and only its token comes back', async () => {
    const business = await insertBusiness(database.db);
    const items: object[] = await itemsOf(business, 3);
    items[1] = { ...items[1], flow_title: 'A title renamed since' };
    const outcomes = await acceptWithinRate(items, 5);
    expect(outcomes.map(({ outcome }) => outcome)).toEqual(['accepted', 'stale', 'accepted']);
    expect([outcomes[0]!.rate_tokens!, outcomes[2]!.rate_tokens!].map(Math.round)).toEqual([4, 2]);
    expect(Math.round((await bucketOf(business.apiKeyId))!.tokens)).toBe(3);
  });

  it('a plain item and a test in one batch: each charged once, in item order', async () => {
    const business = await insertBusiness(database.db);
    const items: object[] = await itemsOf(business, 2);
    items[1] = { ...items[1], is_test: true };
    const outcomes = await acceptWithinRate(items, 5);
    expect(outcomes.map(({ outcome }) => outcome)).toEqual(['accepted', 'accepted']);
    expect(outcomes.map(({ rate_tokens }) => Math.round(rate_tokens!))).toEqual([4, 3]);
    expect(Math.round((await bucketOf(business.apiKeyId))!.tokens)).toBe(3);
  });

  it('a batch of plain items: its leads in item order, counted once, in one intake job', async () => {
    const business = await insertBusiness(database.db);
    const items = (await itemsOf(business, 3)).map((item, index) => ({ ...item, title: `Lead ${index}` }));
    const outcomes = await acceptWithinRate(items, 5);
    expect(outcomes.map(({ outcome }) => outcome)).toEqual(['accepted', 'accepted', 'accepted']);
    const { rows: leads } = await database.db.query<{ title: string }>(
      'select title from lead_intake where entity_id = $1 order by accepted_position',
      [business.entityId],
    );
    expect(leads.map(({ title }) => title)).toEqual(['Lead 0', 'Lead 1', 'Lead 2']);
    expect(
      await value<number>(
        'select sum(notification_count)::int as value from entity_usage_deltas where entity_id = $1',
        [business.entityId],
      ),
    ).toBe(3);
    const jobs = await value<Array<{ notificationIds: string[]; usage: unknown[]; plans: unknown[] }>>(
      `select jsonb_agg(data) as value from job_outbox
        where data ->> 'kind' = 'intake' and data -> 'usage' -> 0 ->> 'entityId' = $1`,
      [business.entityId],
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.notificationIds).toHaveLength(3);
    expect(jobs[0]!.plans).toEqual(jobs[0]!.usage);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const LEAD = `insert into notifications (entity_id, flow_id, title, message, response_started_at, response_target_seconds)
              values ($1, $2, 'Lead', 'Message', now(), 300) returning id`;

/**
 * Folds the appended counts as the worker's take does, with the take's turn held: a take folding
 * at that moment has committed first, and none starts, so every appended row is this fold's.
 */
async function fold() {
  const holder = await app.pool.connect();
  try {
    await holder.query('begin');
    await holder.query(`select pg_advisory_xact_lock(hashtextextended('leadbell_fold_counts', 0))`);
    await app.pool.query('select leadbell_fold_lead_stats()');
  } finally {
    await holder.query('rollback');
    holder.release();
  }
}

async function received(client: { get: (path: string) => Promise<{ body: { totals: { received: number } } }> }) {
  return (await client.get('/v1/insights?days=7')).body.totals.received;
}

describe('insights › counts appended, folded by the worker (decision 060)', () => {
  it('two writers of one business’s leads never wait on each other’s count, and every lead counts once', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const flowId = await createFlow(owner.client);
    const first = await app.pool.connect();
    const second = await app.pool.connect();
    try {
      // The first writer's count stays uncommitted while the second counts a lead of the same day,
      // flow and key: with the count updated in place, the second waited for the first's commit.
      await first.query('begin');
      await first.query(LEAD, [owner.entityId, flowId]);
      await second.query('begin');
      await second.query(`set local lock_timeout = '2s'`);
      const { rows } = await second.query<{ id: string }>(LEAD, [owner.entityId, flowId]);
      await second.query('commit');
      await first.query('commit');

      // Counted from its commit, folded or not.
      expect(await received(owner.client)).toBe(2);
      await fold();
      const { rows: daily } = await app.pool.query<{ leads: number }>(
        'select leads from lead_stats_daily where entity_id = $1',
        [owner.entityId],
      );
      expect(daily).toEqual([{ leads: 2 }]);
      const { rows: pending } = await app.pool.query('select * from lead_stats_deltas where entity_id = $1', [
        owner.entityId,
      ]);
      expect(pending).toEqual([]);
      expect(await received(owner.client)).toBe(2);

      // A change moves a lead between keys as appended rows too: deleted, it leaves the counts.
      await app.pool.query('update notifications set deleted_at = now() where id = $1', [rows[0]!.id]);
      expect(await received(owner.client)).toBe(1);
      await fold();
      expect(await received(owner.client)).toBe(1);
    } finally {
      first.release();
      second.release();
    }
  });

  it('a fold leaves out an entity deleted since its counts were appended', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const flowId = await createFlow(owner.client);
    await app.pool.query(LEAD, [owner.entityId, flowId]);
    // Its leads go with it, and the trigger appends their removal: rows of an entity that is gone.
    await app.pool.query('delete from entities where id = $1', [owner.entityId]);
    const { rows: appended } = await app.pool.query('select leads from lead_stats_deltas where entity_id = $1', [
      owner.entityId,
    ]);
    expect(appended).not.toEqual([]);

    await fold();
    for (const table of ['lead_stats_deltas', 'lead_stats_daily']) {
      const { rows } = await app.pool.query(`select * from ${table} where entity_id = $1`, [owner.entityId]);
      expect(rows, table).toEqual([]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  insertBusiness,
  insertLead,
  storedFunctionsDatabase,
  type Business,
  type LeadColumns,
} from '../../../test/stored-function-fixtures.ts';

// 40-held-lead-release.sql, called directly (decisions 041, 063): what both releases (a larger
// plan, spam's room given back) do to a business's held leads.

const database = storedFunctionsDatabase();

/** A Starter business at its limit with `held` leads kept past it, oldest first. */
async function starterWithHeldLeads(held: LeadColumns[]): Promise<{ business: Business; leadIds: string[] }> {
  const business = await insertBusiness(database.db, { plan: 'starter' });
  await database.db.query(
    'insert into entity_usage (entity_id, period_start, notification_count, held_count) values ($1, $2, 20, $3)',
    [business.entityId, database.month, held.length],
  );
  const leadIds: string[] = [];
  for (const columns of held) leadIds.push(await insertLead(database.db, business, { is_held: true, ...columns }));
  return { business, leadIds };
}

type Job = { kind: string; notificationId?: string };

async function release(business: Business, room: number | null, followedUpByCaller: string[] = []): Promise<Job[]> {
  const { rows } = await database.db.query<{ job: Job }>(
    `select job from leadbell_release_held_leads($1, $2, $3, now(), $4)`,
    [business.entityId, database.month, room, followedUpByCaller],
  );
  return rows.map((row) => row.job);
}

async function heldOf(leadIds: string[]): Promise<boolean[]> {
  const { rows } = await database.db.query<{ is_held: boolean }>(
    'select is_held from notifications where id = any($1) order by array_position($1, id)',
    [leadIds],
  );
  return rows.map((row) => row.is_held);
}

async function usageOf(business: Business): Promise<{ notification_count: number; held_count: number }> {
  const { rows } = await database.db.query<{ notification_count: number; held_count: number }>(
    'select notification_count, held_count from entity_usage where entity_id = $1 and period_start = $2',
    [business.entityId, database.month],
  );
  return rows[0]!;
}

/** The leads of `leadIds` the release rings: those with deliveries, due now for any worker (decision 067). */
async function rungLeads(leadIds: string[]): Promise<string[]> {
  const { rows } = await database.db.query<{ notification_id: string }>(
    `select distinct notification_id from deliveries
      where notification_id = any($1) and status = 'pending' and due_at <= now() and leased_until is null`,
    [leadIds],
  );
  return rows.map((row) => row.notification_id).sort();
}

async function escalatingLeads(leadIds: string[]): Promise<string[]> {
  const { rows } = await database.db.query<{ notification_id: string }>(
    'select notification_id from lead_escalations where notification_id = any($1)',
    [leadIds],
  );
  return rows.map((row) => row.notification_id).sort();
}

describe('stored functions › releasing held leads (40-held-lead-release.sql)', () => {
  it('the oldest first, no more than the room: each counted this month, rung, and followed up once', async () => {
    const { business, leadIds } = await starterWithHeldLeads([{}, {}, {}]);
    await release(business, 2);

    expect(await heldOf(leadIds)).toEqual([false, false, true]);
    expect(await usageOf(business)).toEqual({ notification_count: 22, held_count: 1 });
    expect(await rungLeads(leadIds)).toEqual(leadIds.slice(0, 2).sort());
    expect(await escalatingLeads(leadIds)).toEqual(leadIds.slice(0, 2).sort());
    const { rows: releases } = await database.db.query(
      'select notification_id from lead_releases where notification_id = any($1)',
      [leadIds],
    );
    expect(releases).toHaveLength(2);

    // A second release (the take meeting the same leads, or the plan's) adds nothing for them.
    await release(business, null);
    expect(await escalatingLeads(leadIds)).toHaveLength(3);
    expect(await usageOf(business)).toEqual({ notification_count: 23, held_count: 0 });
  });

  it('no room: every held lead, but one in Spam stays held, uncounted and silent', async () => {
    const { business, leadIds } = await starterWithHeldLeads([{}, { lead_status: 'spam' }, {}]);
    await release(business, null);

    expect(await heldOf(leadIds)).toEqual([false, true, false]);
    expect(await usageOf(business)).toEqual({ notification_count: 22, held_count: 1 });
    expect(await rungLeads(leadIds)).toEqual([leadIds[0], leadIds[2]].sort());
  });

  it('a lead claimed while held is counted but rings nobody and keeps its timer; one from closed hours rings nobody', async () => {
    const startedAt = new Date(Date.now() - 3_600_000).toISOString();
    const { business, leadIds } = await starterWithHeldLeads([
      { lead_status: 'claimed', response_started_at: startedAt },
      { is_after_hours: true },
      { response_started_at: startedAt },
    ]);
    const [claimed, afterHours, open] = leadIds as [string, string, string];
    await release(business, null);

    expect(await usageOf(business)).toEqual({ notification_count: 23, held_count: 0 });
    expect(await rungLeads(leadIds)).toEqual([open]);
    const { rows } = await database.db.query<{ id: string; restarted: boolean }>(
      'select id, response_started_at > $2 as restarted from notifications where id = any($1)',
      [[claimed, open], startedAt],
    );
    // The time it was held is not the team's: an open lead's timer starts at its release.
    expect(Object.fromEntries(rows.map((row) => [row.id, row.restarted]))).toEqual({ [claimed]: false, [open]: true });
    expect(await escalatingLeads(leadIds)).toContain(afterHours);
  });

  it('leads the caller follows up itself are released and counted, but get nothing more here', async () => {
    const { business, leadIds } = await starterWithHeldLeads([{}, {}]);
    await release(business, null, [leadIds[0]!]);

    expect(await heldOf(leadIds)).toEqual([false, false]);
    expect(await usageOf(business)).toEqual({ notification_count: 22, held_count: 0 });
    expect(await rungLeads(leadIds)).toEqual([leadIds[1]]);
    expect(await escalatingLeads(leadIds)).toEqual([leadIds[1]]);
  });
});

import { describe, expect, it } from 'vitest';
import { WORKER_VERDICT } from '../../features/spam/spam-score.ts';
import {
  insertBusiness,
  insertLead,
  storedFunctionsDatabase,
  type Business,
  type LeadColumns,
} from '../../../test/stored-function-fixtures.ts';

// 32-spam-verdict.sql, called directly (decision 039): the verdict on what only the database knows,
// with the weights the worker passes (spam-score.ts's WORKER_VERDICT), and the quarantine after it.

const database = storedFunctionsDatabase();

type Reason = { code: string; points: number };
type Judged = { status: string; reasons: Reason[] | null; timerStarted: boolean };

/** A business whose plan has counted `counted` leads this month out of `included`. */
async function countedBusiness({ plan = 'pro', counted = 5, included = 1000 } = {}) {
  const business = await insertBusiness(database.db, { plan });
  await database.db.query(
    'insert into entity_usage (entity_id, period_start, notification_count) values ($1, $2, $3)',
    [business.entityId, database.month, counted],
  );
  return {
    business,
    intake: { entityId: business.entityId, periodStart: database.month, includedNotifications: included },
  };
}

/** A lead the request judged (it has signals, maybe none), as the take has just taken it in. */
function judgedLead(business: Business, columns: LeadColumns = {}): Promise<string> {
  return insertLead(database.db, business, { spam_reasons: [], ...columns });
}

/** The take's call: its leads judged, with its intake jobs' plans for what they give back. */
async function judge(leadIds: string[], plans: object[]): Promise<object[]> {
  const { rows } = await database.db.query<{ jobs: [object, string][] }>(
    'select jobs from leadbell_judge_spam($1::uuid[], leadbell_leads_by_id($1::uuid[]), $2, $3)',
    [leadIds, JSON.stringify([{ kind: 'intake', plans }]), JSON.stringify(WORKER_VERDICT)],
  );
  return rows[0]!.jobs.map(([job]) => job);
}

async function judged(leadId: string): Promise<Judged> {
  const { rows } = await database.db.query<Judged>(
    `select lead_status as status, spam_reasons as reasons, response_started_at is not null as "timerStarted"
       from notifications where id = $1`,
    [leadId],
  );
  return rows[0]!;
}

async function countedOf(business: Business): Promise<number> {
  const { rows } = await database.db.query<{ count: number }>(
    'select notification_count as count from entity_usage where entity_id = $1 and period_start = $2',
    [business.entityId, database.month],
  );
  return rows[0]!.count;
}

describe('stored functions › the worker’s spam verdict (32-spam-verdict.sql)', () => {
  it('the same message at another business from another sender is a campaign: quarantined, its count given back', async () => {
    const { business, intake } = await countedBusiness();
    const other = await insertBusiness(database.db);
    await database.db.query(
      `insert into spam_fingerprints (fingerprint, entity_id, sender, seen_at)
       values ('pitch', $1, 'someone else', now() - interval '1 minute'),
              ('question', $1, 'the same person', now() - interval '1 minute')`,
      [other.entityId],
    );
    const campaign = await judgedLead(business, { message_fingerprint: 'pitch', sender_fingerprint: 'a bot' });
    // One person asking several businesses the same question, in plain words, still rings.
    const asking = await judgedLead(business, {
      message_fingerprint: 'question',
      sender_fingerprint: 'the same person',
    });

    expect(await judge([campaign, asking], [intake])).toEqual([]);
    expect(await judged(campaign)).toEqual({
      status: 'spam',
      reasons: [{ code: 'network_fingerprint', points: WORKER_VERDICT.networkPoints }],
      timerStarted: false,
    });
    expect((await judged(asking)).status).toBe('open');
    expect(await countedOf(business)).toBe(4);
  });

  it('the team’s word on a sender: marked spam is quarantined; marked not spam never is here', async () => {
    const { business, intake } = await countedBusiness();
    const other = await insertBusiness(database.db);
    await database.db.query(
      `insert into spam_marks (entity_id, fingerprint, verdict) values ($1, 'pest', 'spam'), ($1, 'customer', 'not_spam')`,
      [business.entityId],
    );
    await database.db.query(
      `insert into spam_fingerprints (fingerprint, entity_id, sender, seen_at) values ('pitch', $1, 'someone else', now() - interval '1 minute')`,
      [other.entityId],
    );
    const marked = await judgedLead(business, { sender_fingerprint: 'pest' });
    const trusted = await judgedLead(business, { sender_fingerprint: 'customer', message_fingerprint: 'pitch' });

    await judge([marked, trusted], [intake]);
    expect(await judged(marked)).toMatchObject({
      status: 'spam',
      reasons: [{ code: 'marked_before', points: WORKER_VERDICT.markedPoints }],
    });
    expect((await judged(trusted)).status).toBe('open');
  });

  it('a fill-time token used before is a replay, which quarantines with another signal', async () => {
    const { business, intake } = await countedBusiness();
    await database.db.query(`insert into fill_token_uses (entity_id, nonce) values ($1, 'used')`, [business.entityId]);
    const disposable: Reason = { code: 'disposable_email', points: 5 };
    const replayed = await judgedLead(business, { fill_token: 'used', spam_reasons: [disposable] });
    const fresh = await judgedLead(business, { fill_token: 'fresh', spam_reasons: [disposable] });

    await judge([replayed, fresh], [intake]);
    expect((await judged(replayed)).reasons).toEqual([
      disposable,
      { code: 'replayed_token', points: WORKER_VERDICT.replayedPoints },
    ]);
    expect((await judged(replayed)).status).toBe('spam');
    expect((await judged(fresh)).status).toBe('open');
  });

  it('a flood with a request signal: the lead and the flood’s earlier leads quarantined, but not one the team took; the owner told once', async () => {
    const { business, intake } = await countedBusiness({ counted: 30 });
    const missingToken: Reason = { code: 'missing_token', points: 2 };
    const { rows: earlier } = await database.db.query<{ id: string }>(
      `insert into notifications (entity_id, flow_id, title, message, spam_reasons, created_at)
       select $1, $2, 'New lead', 'Someone wrote', $3, now() - interval '20 seconds'
         from generate_series(1, $4::int)
       returning id`,
      [business.entityId, business.flowId, JSON.stringify([missingToken]), WORKER_VERDICT.floodLeadsPerMinute],
    );
    const taken = earlier[0]!.id;
    await database.db.query(`update notifications set lead_status = 'claimed', claimed_by = $2 where id = $1`, [
      taken,
      business.userId,
    ]);
    const flooding = await judgedLead(business, { spam_reasons: [missingToken] });

    await judge([flooding], [intake]);
    const flood = { code: 'flood', points: WORKER_VERDICT.floodPoints };
    expect(await judged(flooding)).toMatchObject({ status: 'spam', reasons: [missingToken, flood] });
    const { rows: statuses } = await database.db.query<{ status: string; leads: number }>(
      'select lead_status as status, count(*)::int as leads from notifications where id = any($1) group by 1 order by 1',
      [earlier.map(({ id }) => id)],
    );
    expect(statuses).toEqual([
      { status: 'claimed', leads: 1 },
      { status: 'spam', leads: WORKER_VERDICT.floodLeadsPerMinute - 1 },
    ]);
    // Every lead it quarantined gave its count back.
    expect(await countedOf(business)).toBe(30 - WORKER_VERDICT.floodLeadsPerMinute);
    const { rows: alerts } = await database.db.query(
      `select data ->> 'alert' as alert from job_outbox where data ->> 'entityId' = $1`,
      [business.entityId],
    );
    expect(alerts).toEqual([{ alert: 'spam_flood' }]);

    // A second flooding lead the same day quarantines without telling the owner again.
    await judge([await judgedLead(business, { spam_reasons: [missingToken] })], [intake]);
    expect(
      (await database.db.query(`select 1 from job_outbox where data ->> 'entityId' = $1`, [business.entityId])).rows,
    ).toHaveLength(1);
  });

  it('the room spam gives back releases a held lead, oldest first, and rings it', async () => {
    const { business, intake } = await countedBusiness({ plan: 'starter', counted: 20, included: 20 });
    const other = await insertBusiness(database.db);
    await database.db.query(
      `insert into spam_fingerprints (fingerprint, entity_id, sender, seen_at) values ('pitch', $1, 'someone else', now() - interval '1 minute')`,
      [other.entityId],
    );
    const held = await insertLead(database.db, business, { is_held: true });
    const campaign = await judgedLead(business, { message_fingerprint: 'pitch', sender_fingerprint: 'a bot' });

    await judge([campaign], [intake]);
    expect((await judged(campaign)).status).toBe('spam');
    expect(
      (await database.db.query<{ is_held: boolean }>('select is_held from notifications where id = $1', [held])).rows,
    ).toEqual([{ is_held: false }]);
    // Given back, then taken again by the lead it released.
    expect(await countedOf(business)).toBe(20);
    // Its deliveries are due now, for any worker (decision 067).
    const { rows: rung } = await database.db.query(
      `select 1 from deliveries where notification_id = $1 and status = 'pending' and due_at <= now()`,
      [held],
    );
    expect(rung.length).toBeGreaterThan(0);
  });
});

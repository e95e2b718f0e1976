import { TZDate } from '@date-fns/tz';
import { sql, type SQL } from 'drizzle-orm';
import { RESPONSE_TIME_BUCKETS, type Insights, type LeadFigures } from '@leadbell/shared/insights';
import type { Database } from '../../db/client.ts';
import { getConversion } from './get-conversion.ts';

// Unanswered: nobody claimed it by its response target, which is when it escalated (decision
// 025). One nobody has claimed yet but still inside its target is waiting (issue 49): within,
// late, unanswered and waiting add up to received.
const UNANSWERED = sql.raw('claim_bucket < 0 and is_escalated');
const WAITING = sql.raw('claim_bucket < 0 and not is_escalated');
const LATE = sql.raw('claim_bucket >= 0 and not is_within');

type FigureRow = {
  is_flow_set: boolean;
  is_member_set: boolean;
  flow_id: string | null;
  flow_name: string | null;
  member_id: string | null;
  member_name: string | null;
  received: number;
  within: number;
  late: number;
  unanswered: number;
  waiting: number;
  escalated: number;
  median: number | null;
  p90: number | null;
};

/**
 * Whole days in the entity's zone, today included: the last `days` of them, where they start and
 * where the day after today starts (`until`).
 */
export function insightsWindowOf(now: Date, timeZone: string, days: number) {
  const today = new TZDate(now, timeZone);
  const first = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1), timeZone);
  const tomorrow = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + 1, timeZone);
  const dateOf = (day: TZDate) =>
    `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return {
    fromDay: dateOf(first),
    toDay: dateOf(today),
    from: new Date(first.getTime()),
    until: new Date(tomorrow.getTime()),
  };
}

function figuresOf(row: FigureRow): LeadFigures {
  return {
    received: row.received,
    answeredWithinTarget: row.within,
    answeredLate: row.late,
    answeredWithinTargetRate: row.received > row.waiting ? row.within / (row.received - row.waiting) : null,
    medianSecondsToClaim: row.median,
    p90SecondsToClaim: row.p90,
    unanswered: row.unanswered,
    waiting: row.waiting,
    escalated: row.escalated,
  };
}

/** The first time to claim whose running share of a group's claims reaches `fraction` (percentile_disc). */
function percentileOf(fraction: number): SQL {
  return sql`(select min(r.claim_bucket) from ranked r
     where r.is_flow_set = t.is_flow_set and r.is_member_set = t.is_member_set
       and r.flow_id is not distinct from t.flow_id and r.member_id is not distinct from t.member_id
       and r.running >= ${fraction} * r.claims_total)`;
}

/**
 * Each member's lead calls in the window (issue 50): answered is a key pressed (1 took the lead, 2
 * passed it on); missed is a call that ended without one (no answer, busy, failed, or no key).
 */
async function memberCallsOf(db: Database, { entityId, from, until }: { entityId: string; from: Date; until: Date }) {
  const { rows } = await db.execute<{ user_id: string; answered: number; missed: number }>(sql`
    select user_id, count(*) filter (where digits is not null)::int as answered,
           count(*) filter (where digits is null and ended_at is not null)::int as missed
      from voice_calls
     where entity_id = ${entityId} and created_at >= ${from} and created_at < ${until} and user_id is not null
     group by user_id`);
  const calls = new Map(rows.map((row) => [row.user_id, { callsAnswered: row.answered, callsMissed: row.missed }]));
  return (userId: string) => calls.get(userId) ?? { callsAnswered: 0, callsMissed: 0 };
}

/**
 * Speed-to-lead for the last `days` local days (decision 025), from the daily counts the triggers
 * on `notifications` keep (lead_stats_daily and its deltas), never from the leads themselves: the
 * team's, each flow's and each member's figures in one statement (grouping sets, percentiles from
 * running sums over time-to-claim buckets), the daily series and the histogram. `viewerId` limits the
 * member rows to the viewer's own (a member sees the team's figures and their own). Conversion
 * (getConversion) is the exception: it reads the window's leads, whose outcomes change long after.
 */
export async function getInsights(
  db: Database,
  {
    entityId,
    days,
    now,
    timeZone,
    viewerId,
  }: { entityId: string; days: number; now: Date; timeZone: string; viewerId: string | null },
): Promise<Insights> {
  const { fromDay, toDay, from, until } = insightsWindowOf(now, timeZone, days);
  const callsOf = await memberCallsOf(db, { entityId, from, until });
  // With the changes the worker has not folded in yet (decision 060): a lead counts from its commit.
  const stats = sql`select day, flow_id, member_id, claim_bucket, is_within, is_escalated, leads from lead_stats_daily
     where entity_id = ${entityId} and day between ${fromDay}::date and ${toDay}::date
     union all
     select day, flow_id, member_id, claim_bucket, is_within, is_escalated, leads from lead_stats_deltas
     where entity_id = ${entityId} and day between ${fromDay}::date and ${toDay}::date`;
  const histogram = RESPONSE_TIME_BUCKETS.map(
    (bucket, index) =>
      sql`coalesce(sum(leads) filter (where claim_bucket >= ${index === 0 ? 0 : RESPONSE_TIME_BUCKETS[index - 1]!.upToSeconds}${
        bucket.upToSeconds === null ? sql`` : sql` and claim_bucket < ${bucket.upToSeconds}`
      }), 0)::int as ${sql.identifier(`b${index}`)}`,
  );
  const [figures, daily, counts, conversion] = await Promise.all([
    db.execute<FigureRow>(sql`
      with stats as (${stats}),
      groups as (
        select grouping(flow_id) = 0 as is_flow_set, grouping(member_id) = 0 as is_member_set, flow_id, member_id,
               coalesce(sum(leads), 0)::int as received,
               coalesce(sum(leads) filter (where is_within), 0)::int as within,
               coalesce(sum(leads) filter (where ${LATE}), 0)::int as late,
               coalesce(sum(leads) filter (where ${UNANSWERED}), 0)::int as unanswered,
               coalesce(sum(leads) filter (where ${WAITING}), 0)::int as waiting,
               coalesce(sum(leads) filter (where is_escalated), 0)::int as escalated
          from stats group by grouping sets ((), (flow_id), (member_id))
      ),
      claimed as (
        select grouping(flow_id) = 0 as is_flow_set, grouping(member_id) = 0 as is_member_set, flow_id, member_id,
               claim_bucket, sum(leads) as claims
          from stats where claim_bucket >= 0
         group by grouping sets ((claim_bucket), (flow_id, claim_bucket), (member_id, claim_bucket))
      ),
      ranked as (
        select *, sum(claims) over (partition by is_flow_set, is_member_set, flow_id, member_id order by claim_bucket) as running,
               sum(claims) over (partition by is_flow_set, is_member_set, flow_id, member_id) as claims_total
          from claimed
      )
      select t.*, f.name as flow_name, u.name as member_name,
             ${percentileOf(0.5)} as median, ${percentileOf(0.9)} as p90
        from groups t
        left join flows f on f.id = t.flow_id
        left join users u on u.id = t.member_id`),
    db.execute<{ date: string; received: number; within: number; late: number; unanswered: number }>(sql`
      with stats as (${stats})
      select to_char(day, 'YYYY-MM-DD') as date, sum(leads)::int as received,
             coalesce(sum(leads) filter (where is_within), 0)::int as within,
             coalesce(sum(leads) filter (where ${LATE}), 0)::int as late,
             coalesce(sum(leads) filter (where ${UNANSWERED}), 0)::int as unanswered
        from stats group by day having sum(leads) > 0 order by day`),
    db.execute<Record<string, number>>(sql`with stats as (${stats}) select ${sql.join(histogram, sql`, `)} from stats`),
    getConversion(db, { entityId, from, to: until, viewerId }),
  ]);
  const rows = figures.rows;
  const empty: FigureRow = {
    is_flow_set: false,
    is_member_set: false,
    flow_id: null,
    flow_name: null,
    member_id: null,
    member_name: null,
    received: 0,
    within: 0,
    late: 0,
    unanswered: 0,
    waiting: 0,
    escalated: 0,
    median: null,
    p90: null,
  };
  const totals = rows.find((row) => !row.is_flow_set && !row.is_member_set) ?? empty;
  return {
    days,
    from: from.toISOString(),
    to: now.toISOString(),
    timeZone,
    totals: figuresOf(totals),
    flows: rows
      .filter((row) => row.is_flow_set && row.received > 0)
      .map((row) => ({ flowId: row.flow_id!, name: row.flow_name ?? 'Deleted flow', ...figuresOf(row) }))
      .sort((a, b) => b.received - a.received),
    members: rows
      .filter((row) => row.is_member_set && row.member_id && row.received > 0)
      .filter((row) => !viewerId || row.member_id === viewerId)
      .map((row) => ({
        userId: row.member_id!,
        name: row.member_name ?? 'Someone who left',
        claimed: row.received,
        claimedWithinTarget: row.within,
        medianSecondsToClaim: row.median,
        p90SecondsToClaim: row.p90,
        ...callsOf(row.member_id!),
      }))
      .sort((a, b) => b.claimed - a.claimed),
    daily: daily.rows.map((row) => ({
      date: row.date,
      received: row.received,
      answeredWithinTarget: row.within,
      answeredLate: row.late,
      unanswered: row.unanswered,
    })),
    histogram: RESPONSE_TIME_BUCKETS.map((bucket, index) => ({
      bucket: bucket.id,
      label: bucket.label,
      count: counts.rows[0]?.[`b${index}`] ?? 0,
    })),
    conversion,
  };
}

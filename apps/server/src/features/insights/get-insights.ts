import { sql, type SQL } from 'drizzle-orm';
import { RESPONSE_TIME_BUCKETS, type Insights, type LeadFigures } from '@leadbell/shared/insights';
import type { Database } from '../../db/client.ts';

type FigureRow = {
  is_flow_set: boolean;
  is_member_set: boolean;
  flow_id: string | null;
  flow_name: string | null;
  member_id: string | null;
  member_name: string | null;
  received: number;
  within: number;
  median: number | null;
  p90: number | null;
  unanswered: number;
  escalated: number;
};

export type InsightsWindow = { entityId: string; from: Date; to: Date };

/**
 * The entity's real leads that arrived in the window, with what speed-to-lead needs (decision 025):
 * read from the insights index alone. Time to claim is whole seconds from the timer's start.
 */
function leadsIn({ entityId, from, to }: InsightsWindow): SQL {
  return sql`
    select n.flow_id, n.first_claimed_by, n.created_at,
           n.first_claimed_at is not null as is_answered,
           greatest(0, floor(extract(epoch from n.first_claimed_at - n.response_started_at)))::int as seconds,
           coalesce(n.first_claimed_at <= n.response_started_at + make_interval(secs => n.response_target_seconds), false)
             as is_within,
           n.escalation_stage > 0 as is_escalated
      from notifications n
     where n.entity_id = ${entityId} and n.created_at >= ${from.toISOString()} and n.created_at < ${to.toISOString()}
       and not n.is_test and n.response_started_at is not null`;
}

function figuresOf(row: FigureRow): LeadFigures {
  return {
    received: row.received,
    answeredWithinTarget: row.within,
    answeredWithinTargetRate: row.received > 0 ? row.within / row.received : null,
    medianSecondsToClaim: row.median,
    p90SecondsToClaim: row.p90,
    unanswered: row.unanswered,
    escalated: row.escalated,
  };
}

/**
 * Speed-to-lead for the window, computed by PostgreSQL in three aggregate queries: the team's,
 * each flow's and each member's figures in one pass (grouping sets), the daily series in the
 * entity's zone, and the response-time histogram. `viewerId` limits the member rows to the
 * viewer's own (a member sees the team's figures and their own).
 */
export async function getInsights(
  db: Database,
  window: InsightsWindow & { days: number; timeZone: string; viewerId: string | null },
): Promise<Insights> {
  const leads = leadsIn(window);
  const buckets = RESPONSE_TIME_BUCKETS.map(
    (bucket, index) =>
      sql`count(*) filter (where is_answered and seconds >= ${index === 0 ? 0 : RESPONSE_TIME_BUCKETS[index - 1]!.upToSeconds}${
        bucket.upToSeconds === null ? sql`` : sql` and seconds < ${bucket.upToSeconds}`
      })::int`,
  );
  const [figures, daily, histogram] = await Promise.all([
    db.execute<FigureRow>(sql`
      with leads as (${leads})
      select grouping(leads.flow_id) = 0 as is_flow_set, grouping(leads.first_claimed_by) = 0 as is_member_set,
             leads.flow_id, max(f.name) as flow_name, leads.first_claimed_by as member_id, max(u.name) as member_name,
             count(*)::int as received,
             count(*) filter (where is_within)::int as within,
             percentile_disc(0.5) within group (order by seconds) filter (where is_answered) as median,
             percentile_disc(0.9) within group (order by seconds) filter (where is_answered) as p90,
             count(*) filter (where not is_answered)::int as unanswered,
             count(*) filter (where is_escalated)::int as escalated
        from leads
        left join flows f on f.id = leads.flow_id
        left join users u on u.id = leads.first_claimed_by
       group by grouping sets ((), (leads.flow_id), (leads.first_claimed_by))`),
    db.execute<{ date: string; received: number; within: number; unanswered: number }>(sql`
      with leads as (${leads})
      select to_char(created_at at time zone ${window.timeZone}, 'YYYY-MM-DD') as date, count(*)::int as received,
             count(*) filter (where is_within)::int as within, count(*) filter (where not is_answered)::int as unanswered
        from leads group by 1 order by 1`),
    db.execute<Record<string, number>>(sql`
      with leads as (${leads})
      select ${sql.join(
        buckets.map((bucket, index) => sql`${bucket} as ${sql.identifier(`b${index}`)}`),
        sql`, `,
      )} from leads`),
  ]);
  const rows = figures.rows;
  const totals = rows.find((row) => !row.is_flow_set && !row.is_member_set)!;
  return {
    days: window.days,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    timeZone: window.timeZone,
    totals: figuresOf(totals),
    flows: rows
      .filter((row) => row.is_flow_set)
      .map((row) => ({ flowId: row.flow_id!, name: row.flow_name ?? 'Deleted flow', ...figuresOf(row) }))
      .sort((a, b) => b.received - a.received),
    members: rows
      .filter((row) => row.is_member_set && row.member_id && (!window.viewerId || row.member_id === window.viewerId))
      .map((row) => ({
        userId: row.member_id!,
        name: row.member_name ?? 'Someone who left',
        claimed: row.received,
        claimedWithinTarget: row.within,
        medianSecondsToClaim: row.median,
        p90SecondsToClaim: row.p90,
      }))
      .sort((a, b) => b.claimed - a.claimed),
    daily: daily.rows.map((row) => ({
      date: row.date,
      received: row.received,
      answeredWithinTarget: row.within,
      unanswered: row.unanswered,
    })),
    histogram: RESPONSE_TIME_BUCKETS.map((bucket, index) => ({
      bucket: bucket.id,
      label: bucket.label,
      count: histogram.rows[0]?.[`b${index}`] ?? 0,
    })),
  };
}

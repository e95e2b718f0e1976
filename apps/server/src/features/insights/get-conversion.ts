import { DEFAULT_CURRENCY } from '@leadbell/shared/lead-notes-outcomes';
import { eq, sql } from 'drizzle-orm';
import {
  CONVERSION_BANDS,
  CONVERSION_SMALL_SAMPLE,
  type Conversion,
  type ConversionBandId,
  type ConversionFigures,
} from '@leadbell/shared/insights';
import type { TrafficSource } from '@leadbell/shared/lead-sources';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';

type ConversionRow = {
  is_band: boolean;
  is_flow: boolean;
  is_source: boolean;
  is_member: boolean;
  band: ConversionBandId | null;
  flow_id: string | null;
  flow_name: string | null;
  traffic_source: TrafficSource | null;
  member_id: string | null;
  member_name: string | null;
  leads: number;
  with_outcome: number;
  won: number;
  won_value: number;
};

function figuresOf(row: Pick<ConversionRow, 'leads' | 'with_outcome' | 'won' | 'won_value'>): ConversionFigures {
  return {
    leads: row.leads,
    withOutcome: row.with_outcome,
    won: row.won,
    rate: row.with_outcome > 0 ? row.won / row.with_outcome : null,
    isSmallSample: row.with_outcome < CONVERSION_SMALL_SAMPLE,
    wonValue: row.won_value,
  };
}

// The band of a lead's first response, from the start of its response timer (the insights' time
// to claim, decision 025). A reply from the lead card sets the first response as a claim does.
const BAND = sql.raw(`case
  when n.first_claimed_at is null then 'never'
  ${CONVERSION_BANDS.filter((band) => band.upToSeconds !== null)
    .map(
      (band) =>
        `when n.first_claimed_at - n.response_started_at < interval '${band.upToSeconds} seconds' then '${band.id}'`,
    )
    .join('\n  ')}
  else 'later' end`);

/**
 * Conversion (Won / leads with an outcome) of the leads that arrived in [from, to): the team's, by
 * response-time band, flow, source and first responder, in one statement over grouping sets.
 * Leads as the speed-to-lead figures count them: no test, no spam, nothing deleted, only leads
 * with a response timer. Read from the leads themselves: outcomes change long after the day's
 * counts were kept. `viewerId` limits the member rows to the viewer's own.
 */
export async function getConversion(
  db: Database,
  { entityId, from, to, viewerId }: { entityId: string; from: Date; to: Date; viewerId: string | null },
): Promise<Conversion> {
  const [{ rows }, [entity]] = await Promise.all([
    db.execute<ConversionRow>(sql`
      with leads as (
        select ${BAND} as band, n.flow_id, n.traffic_source, n.first_claimed_by as member_id, n.outcome, n.outcome_value
          from notifications n
         where n.entity_id = ${entityId} and n.created_at >= ${from.toISOString()} and n.created_at < ${to.toISOString()}
           and not n.is_test and n.response_started_at is not null and n.deleted_at is null and n.lead_status <> 'spam'
      ),
      groups as (
        select grouping(band) = 0 as is_band, grouping(flow_id) = 0 as is_flow,
               grouping(traffic_source) = 0 as is_source, grouping(member_id) = 0 as is_member,
               band, flow_id, traffic_source, member_id,
               count(*)::int as leads, count(outcome)::int as with_outcome,
               count(*) filter (where outcome = 'won')::int as won,
               coalesce(sum(outcome_value) filter (where outcome = 'won'), 0)::float8 as won_value
          from leads group by grouping sets ((), (band), (flow_id), (traffic_source), (member_id))
      )
      select g.*, f.name as flow_name, u.name as member_name
        from groups g
        left join flows f on f.id = g.flow_id
        left join users u on u.id = g.member_id`),
    db.select({ currency: entities.currency }).from(entities).where(eq(entities.id, entityId)),
  ]);
  const isTotals = (row: ConversionRow) => !row.is_band && !row.is_flow && !row.is_source && !row.is_member;
  const byLeads = (a: ConversionFigures, b: ConversionFigures) => b.leads - a.leads;
  const none = { leads: 0, with_outcome: 0, won: 0, won_value: 0 };
  return {
    currency: entity?.currency ?? DEFAULT_CURRENCY,
    totals: figuresOf(rows.find(isTotals) ?? none),
    bands: CONVERSION_BANDS.map((band) => ({
      band: band.id,
      label: band.label,
      ...figuresOf(rows.find((row) => row.is_band && row.band === band.id) ?? none),
    })),
    flows: rows
      .filter((row) => row.is_flow)
      .map((row) => ({ flowId: row.flow_id!, name: row.flow_name ?? 'Deleted flow', ...figuresOf(row) }))
      .sort(byLeads),
    sources: rows
      .filter((row) => row.is_source)
      .map((row) => ({ source: row.traffic_source, ...figuresOf(row) }))
      .sort(byLeads),
    members: rows
      .filter((row) => row.is_member && row.member_id)
      .filter((row) => !viewerId || row.member_id === viewerId)
      .map((row) => ({ userId: row.member_id!, name: row.member_name ?? 'Someone who left', ...figuresOf(row) }))
      .sort(byLeads),
  };
}

import { TZDate } from '@date-fns/tz';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Insights } from '@leadbell/shared/insights';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entities } from '../../db/schema/entities.ts';
import { entityDigests } from '../../db/schema/usage.ts';
import type { Mail } from '../../mail/mailer.ts';
import { getConversion } from '../insights/get-conversion.ts';
import { getInsights } from '../insights/get-insights.ts';
import { CONVERSION_HEADLINE_DAYS, conversionHeadline } from './conversion-headline.ts';
import { digestMail } from './digest-mail.ts';
import { weeklyAdvice, type MissedLead } from './weekly-advice.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
// Monday, 08:00 in the entity's zone.
const SEND_WEEKDAY = 1;
const SEND_HOUR = 8;

function minutes(seconds: number | null): string {
  if (seconds === null) return '–';
  return seconds < 60
    ? `${seconds} s`
    : seconds < 3600
      ? `${Math.round(seconds / 60)} min`
      : `${(seconds / 3600).toFixed(1)} h`;
}

function percent(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

function compare(label: string, last: string, before: string): string {
  return `${label}: ${last} (the week before: ${before})`;
}

/**
 * The weekly emails that are due (decision 025): on Monday from 08:00 in each business's zone,
 * once per week (`entity_digests`), last week's speed-to-lead against the week before, the
 * slowest-answered leads and one sentence of what to change, to the business's admins.
 */
export async function weeklyReportsDue(
  db: Database,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<Mail[]> {
  const candidates = await db
    .select({ id: entities.id, name: entities.name, timeZone: entities.timeZone })
    .from(entities)
    .where(isNotNull(entities.plan));
  const mails: Mail[] = [];
  for (const entity of candidates) {
    const local = new TZDate(now, entity.timeZone);
    if (local.getDay() !== SEND_WEEKDAY || local.getHours() < SEND_HOUR) continue;
    const weekStart = new Date(
      new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), entity.timeZone).getTime(),
    );
    const period = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
    const recorded = await db
      .insert(entityDigests)
      .values({ entityId: entity.id, kind: 'weekly', period })
      .onConflictDoNothing()
      .returning({ period: entityDigests.period });
    if (recorded.length === 0) continue;
    // The seven local days up to the moment before `end`: Monday to Sunday.
    const weekEndingAt = (end: Date) =>
      getInsights(db, {
        entityId: entity.id,
        days: 7,
        now: new Date(end.getTime() - 1),
        timeZone: entity.timeZone,
        viewerId: null,
      });
    const lastWeekFrom = new Date(weekStart.getTime() - WEEK_MS);
    const [last, before] = await Promise.all([weekEndingAt(weekStart), weekEndingAt(lastWeekFrom)]);
    if (last.totals.received === 0 && before.totals.received === 0) continue;
    const { slowest, missed } = await slowestAndMissed(db, {
      entityId: entity.id,
      from: lastWeekFrom,
      to: weekStart,
      timeZone: entity.timeZone,
    });
    const spamHeld = await quarantinedBetween(db, { entityId: entity.id, from: lastWeekFrom, to: weekStart });
    const headline = conversionHeadline(
      await getConversion(db, {
        entityId: entity.id,
        from: new Date(weekStart.getTime() - (CONVERSION_HEADLINE_DAYS / 7) * WEEK_MS),
        to: weekStart,
        viewerId: null,
      }),
    );
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.entityId, entity.id), eq(users.role, 'admin')));
    for (const admin of admins)
      mails.push(
        reportMail({
          to: admin.email,
          entityName: entity.name,
          headline,
          last,
          before,
          slowest,
          missed,
          spamHeld,
          publicUrl,
        }),
      );
  }
  return mails;
}

type SlowLead = { id: string; title: string; seconds: number | null };

/** How many of the week's submissions wait under Spam (decision 039). */
async function quarantinedBetween(
  db: Database,
  { entityId, from, to }: { entityId: string; from: Date; to: Date },
): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from notifications
     where entity_id = ${entityId} and lead_status = 'spam' and deleted_at is null
       and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}`);
  return rows[0]!.count;
}

/** Last week's slowest answers (unanswered first) and when its missed leads arrived. */
async function slowestAndMissed(
  db: Database,
  { entityId, from, to, timeZone }: { entityId: string; from: Date; to: Date; timeZone: string },
): Promise<{ slowest: SlowLead[]; missed: MissedLead[] }> {
  const { rows } = await db.execute<{
    id: string;
    title: string;
    seconds: number | null;
    is_missed: boolean;
    local_hour: number;
    local_weekday: number;
    flow_name: string;
  }>(sql`
    select n.id, n.title,
           -- greatest() skips a null: a lead never claimed would read as claimed at once.
           case when n.first_claimed_at is not null
                then greatest(0, floor(extract(epoch from n.first_claimed_at - n.response_started_at)))::int
           end as seconds,
           (n.first_claimed_at is null
             or n.first_claimed_at > n.response_started_at + make_interval(secs => n.response_target_seconds)) as is_missed,
           extract(hour from n.created_at at time zone ${timeZone})::int as local_hour,
           extract(dow from n.created_at at time zone ${timeZone})::int as local_weekday,
           f.name as flow_name
      from notifications n join flows f on f.id = n.flow_id
     where n.entity_id = ${entityId} and n.created_at >= ${from.toISOString()} and n.created_at < ${to.toISOString()}
       and not n.is_test and n.response_started_at is not null and n.deleted_at is null`);
  const missed = rows.filter((row) => row.is_missed);
  const slowest = [...missed]
    .sort((a, b) => (b.seconds ?? Infinity) - (a.seconds ?? Infinity))
    .slice(0, 3)
    .map((row) => ({ id: row.id, title: row.title, seconds: row.seconds }));
  return {
    slowest,
    missed: missed.map((row) => ({
      localHour: row.local_hour,
      localWeekday: row.local_weekday,
      flowName: row.flow_name,
    })),
  };
}

function reportMail({
  to,
  entityName,
  headline,
  last,
  before,
  slowest,
  missed,
  spamHeld,
  publicUrl,
}: {
  to: string;
  entityName: string;
  /** The owner's own proof that speed pays, when there is enough data (conversionHeadline). */
  headline: string | null;
  last: Insights;
  before: Insights;
  slowest: SlowLead[];
  missed: MissedLead[];
  spamHeld: number;
  publicUrl: string;
}): Mail {
  return digestMail({
    to,
    subject: `${entityName}: your week in leads`,
    heading: `Last week at ${entityName}`,
    paragraphs: [
      ...(headline ? [headline] : []),
      compare('Leads', String(last.totals.received), String(before.totals.received)),
      compare(
        'Answered within target',
        percent(last.totals.answeredWithinTargetRate),
        percent(before.totals.answeredWithinTargetRate),
      ),
      compare(
        'Median time to claim',
        minutes(last.totals.medianSecondsToClaim),
        minutes(before.totals.medianSecondsToClaim),
      ),
      weeklyAdvice(missed),
      ...(spamHeld > 0
        ? [
            `Held as spam: ${spamHeld} ${spamHeld === 1 ? 'submission' : 'submissions'}. They rang nobody and did not count against your plan; look under Spam in your leads if one was a customer.`,
          ]
        : []),
      ...(slowest.length ? ['The slowest answers:'] : []),
    ],
    lines: slowest.map((lead) => ({
      text: `${lead.title} (${lead.seconds === null ? 'never claimed' : `claimed after ${minutes(lead.seconds)}`})`,
      href: `${publicUrl}/leads/${lead.id}`,
    })),
    action: { label: 'See your insights', href: `${publicUrl}/insights?days=7` },
  });
}

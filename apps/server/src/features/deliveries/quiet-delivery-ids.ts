import { sql } from 'drizzle-orm';
import type { QuietHours } from '@leadbell/shared/business-hours';
import type { Database } from '../../db/client.ts';

/**
 * Which of these deliveries' members are in their quiet hours at `at` (the app's clock): their
 * pushes and Telegram messages go silent, their texts and calls are not made. The rule is SQL's
 * (leadbell_is_quiet_at, which the turn order reads too, decision 079); only a batch with a member
 * who set quiet hours asks it, so a team without any costs no statement.
 */
export async function quietDeliveryIdsAt(
  db: Database,
  deliveries: ReadonlyArray<{ deliveryId: string; quietHours: QuietHours | null; timeZone: string }>,
  at: Date,
): Promise<Set<string>> {
  const withQuietHours = deliveries.filter((delivery) => delivery.quietHours !== null);
  if (withQuietHours.length === 0) return new Set();
  const column = <T>(pick: (delivery: (typeof withQuietHours)[number]) => T) => sql.param(withQuietHours.map(pick));
  const { rows } = await db.execute<{ deliveryId: string }>(sql`
    select d.id as "deliveryId"
      from unnest(${column((delivery) => delivery.deliveryId)}::uuid[],
                  ${column((delivery) => JSON.stringify(delivery.quietHours))}::jsonb[],
                  ${column((delivery) => delivery.timeZone)}::text[]) as d (id, quiet_hours, time_zone)
     where leadbell_is_quiet_at(d.quiet_hours, d.time_zone, ${at.toISOString()}::timestamptz)`);
  return new Set(rows.map((row) => row.deliveryId));
}

import { sql } from 'drizzle-orm';
import type { Availability, AvailabilityState } from '@leadbell/shared/team';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';
import { availabilityOf } from './get-availability.ts';

/**
 * Sets the member away or back (issue 50). Away again keeps the time it was first set. The worker
 * reads it when it rings a lead (leadbell_members_rung), so it applies from the next lead on.
 */
export async function setAvailability(
  db: Database,
  userId: string,
  { away }: Availability,
): Promise<AvailabilityState> {
  const [row] = await db
    .insert(deliveryPreferences)
    .values({ userId, awaySince: away ? sql`now()` : null })
    .onConflictDoUpdate({
      target: deliveryPreferences.userId,
      set: { awaySince: away ? sql`coalesce(${deliveryPreferences.awaySince}, now())` : null },
    })
    .returning({ awaySince: deliveryPreferences.awaySince });
  return availabilityOf(row?.awaySince ?? null);
}

import { eq } from 'drizzle-orm';
import type { AvailabilityState } from '@leadbell/shared/team';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';

export function availabilityOf(awaySince: Date | null): AvailabilityState {
  return { away: awaySince !== null, awaySince: awaySince?.toISOString() ?? null };
}

/** The member's availability: away since when, or available. */
export async function getAvailability(db: Database, userId: string): Promise<AvailabilityState> {
  const [row] = await db
    .select({ awaySince: deliveryPreferences.awaySince })
    .from(deliveryPreferences)
    .where(eq(deliveryPreferences.userId, userId));
  return availabilityOf(row?.awaySince ?? null);
}

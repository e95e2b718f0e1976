import { eq } from 'drizzle-orm';
import type { DeliveryPreferences } from '@leadbell/shared/devices';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';

/** A user who never chose gets push only. */
export async function getDeliveryPreferences(db: Database, userId: string): Promise<DeliveryPreferences> {
  const [row] = await db
    .select({ emailNotifications: deliveryPreferences.emailNotifications })
    .from(deliveryPreferences)
    .where(eq(deliveryPreferences.userId, userId));
  return { emailNotifications: row?.emailNotifications ?? false };
}

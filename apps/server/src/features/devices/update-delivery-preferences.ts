import type { DeliveryPreferences } from '@leadbell/shared/devices';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';

export async function updateDeliveryPreferences(
  db: Database,
  userId: string,
  input: DeliveryPreferences,
): Promise<DeliveryPreferences> {
  const [row] = await db
    .insert(deliveryPreferences)
    .values({ userId, emailNotifications: input.emailNotifications })
    .onConflictDoUpdate({ target: deliveryPreferences.userId, set: { emailNotifications: input.emailNotifications } })
    .returning({ emailNotifications: deliveryPreferences.emailNotifications });
  return { emailNotifications: row!.emailNotifications };
}

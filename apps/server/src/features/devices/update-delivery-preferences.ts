import type { DeliveryPreferences, DeliveryPreferencesState } from '@leadbell/shared/devices';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';

/** Records the user's own choice, which from then on wins over the default. */
export async function updateDeliveryPreferences(
  db: Database,
  userId: string,
  input: DeliveryPreferences,
): Promise<DeliveryPreferencesState> {
  await db
    .insert(deliveryPreferences)
    .values({ userId, emailNotifications: input.emailNotifications })
    .onConflictDoUpdate({ target: deliveryPreferences.userId, set: { emailNotifications: input.emailNotifications } });
  return { emailNotifications: input.emailNotifications, isDefault: false };
}

import type { DeliveryPreferences, DeliveryPreferencesState } from '@leadbell/shared/devices';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';
import { getDeliveryPreferences } from './get-delivery-preferences.ts';

/** Records what the user sent (left-out settings stay): an email choice, which from then on wins over the default, and their quiet hours. */
export async function updateDeliveryPreferences(
  db: Database,
  userId: string,
  input: DeliveryPreferences,
): Promise<DeliveryPreferencesState> {
  const choice = { emailNotifications: input.emailNotifications, quietHours: input.quietHours };
  await db
    .insert(deliveryPreferences)
    .values({ userId, ...choice })
    .onConflictDoUpdate({ target: deliveryPreferences.userId, set: choice });
  return getDeliveryPreferences(db, userId);
}

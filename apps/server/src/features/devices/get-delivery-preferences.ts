import { eq } from 'drizzle-orm';
import type { DeliveryPreferencesState } from '@leadbell/shared/devices';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';

/** The user's choice of email copies, or the default: on until one of their devices confirmed a delivery; their quiet hours, and which leads come by text. */
export async function getDeliveryPreferences(db: Database, userId: string): Promise<DeliveryPreferencesState> {
  const [row] = await db
    .select({
      emailNotifications: deliveryPreferences.emailNotifications,
      pushConfirmedAt: deliveryPreferences.pushConfirmedAt,
      quietHours: deliveryPreferences.quietHours,
      sms: deliveryPreferences.sms,
      voice: deliveryPreferences.voice,
    })
    .from(deliveryPreferences)
    .where(eq(deliveryPreferences.userId, userId));
  const chosen = row?.emailNotifications ?? null;
  return {
    emailNotifications: chosen ?? !row?.pushConfirmedAt,
    isDefault: chosen === null,
    quietHours: row?.quietHours ?? null,
    sms: row?.sms ?? 'off',
    voice: row?.voice ?? 'off',
  };
}

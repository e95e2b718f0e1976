import { and, eq, isNotNull } from 'drizzle-orm';
import type { DeliveryPreferences, DeliveryPreferencesState } from '@leadbell/shared/devices';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';
import { memberPhones } from '../../db/schema/sms.ts';
import { AppError } from '../../http/app-error.ts';
import { getDeliveryPreferences } from './get-delivery-preferences.ts';

/** Records what the user sent (left-out settings stay): an email choice, which from then on wins over the default, their quiet hours, and their texts and calls (only to a verified number). */
export async function updateDeliveryPreferences(
  db: Database,
  userId: string,
  input: DeliveryPreferences,
): Promise<DeliveryPreferencesState> {
  // Texts and calls go to the verified number: choosing either needs one.
  const needingPhone = (['sms', 'voice'] as const).filter(
    (field) => input[field] !== undefined && input[field] !== 'off',
  );
  if (needingPhone.length > 0) {
    const [verified] = await db
      .select({ userId: memberPhones.userId })
      .from(memberPhones)
      .where(and(eq(memberPhones.userId, userId), isNotNull(memberPhones.phone)));
    if (!verified)
      throw new AppError('validation_error', undefined, {
        fields: Object.fromEntries(needingPhone.map((field) => [field, ['Add and verify your mobile number first.']])),
      });
  }
  const choice = {
    emailNotifications: input.emailNotifications,
    quietHours: input.quietHours,
    sms: input.sms,
    voice: input.voice,
  };
  await db
    .insert(deliveryPreferences)
    .values({ userId, ...choice })
    .onConflictDoUpdate({ target: deliveryPreferences.userId, set: choice });
  return getDeliveryPreferences(db, userId);
}

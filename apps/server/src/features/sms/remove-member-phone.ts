import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';
import { memberPhones } from '../../db/schema/sms.ts';

/** Forgets the member's number (verified and pending) and turns their texts and calls off; nothing to forget is fine. */
export async function removeMemberPhone(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(memberPhones).where(eq(memberPhones.userId, userId));
    await tx
      .update(deliveryPreferences)
      .set({ sms: 'off', voice: 'off' })
      .where(eq(deliveryPreferences.userId, userId));
  });
}

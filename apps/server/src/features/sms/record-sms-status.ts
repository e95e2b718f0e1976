import { and, eq } from 'drizzle-orm';
import type { SmsMessageStatus } from '@leadbell/shared/sms';
import type { Database } from '../../db/client.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { smsMessages } from '../../db/schema/sms.ts';

/** Twilio's MessageStatus values that settle a message; the rest (queued, sending, sent…) change nothing. */
const FINAL_STATUSES: Record<string, SmsMessageStatus> = {
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

/**
 * Applies a verified status callback: the message's final state, once (callbacks arrive out of
 * order and are retried, so a settled message stays as it is), and the lead delivery it belongs
 * to: confirmed on the handset, or failed with Twilio's error code.
 */
export async function recordSmsStatus(
  db: Database,
  { sid, status, errorCode, now }: { sid: string; status: string; errorCode: string | null; now: Date },
): Promise<void> {
  const final = FINAL_STATUSES[status];
  if (!final) return;
  await db.transaction(async (tx) => {
    const [message] = await tx
      .update(smsMessages)
      .set({ status: final, errorCode, updatedAt: now })
      .where(and(eq(smsMessages.providerSid, sid), eq(smsMessages.status, 'sent')))
      .returning({ deliveryId: smsMessages.deliveryId });
    if (!message?.deliveryId) return;
    await tx
      .update(deliveries)
      .set(
        final === 'delivered'
          ? { status: 'delivered', receivedAt: now, updatedAt: now }
          : {
              status: 'failed',
              lastError: `Twilio: ${final}${errorCode ? ` (error ${errorCode})` : ''}`,
              updatedAt: now,
            },
      )
      .where(eq(deliveries.id, message.deliveryId));
  });
}

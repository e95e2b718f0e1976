import { and, eq, sql } from 'drizzle-orm';
import type { SmsMessageStatus } from '@leadbell/shared/sms';
import type { Database } from '../../db/client.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { smsMessages } from '../../db/schema/sms.ts';
import { rowOfTwilioCallback } from './row-of-twilio-callback.ts';

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
 * to: confirmed on the handset, or failed with Twilio's error code. The message is the one of the
 * callback's URL (rowOfTwilioCallback), its sid stored if the receipt came before Twilio's answer
 * to the send was read; a text sent before messages had their own URL is found by its sid alone.
 * A receipt may also come before the delivery's attempt is recorded: that record keeps the
 * receipt's status (leadbell_record_settled_attempts).
 */
export async function recordSmsStatus(
  db: Database,
  {
    messageId,
    sid,
    status,
    errorCode,
    now,
  }: { messageId: string | null; sid: string; status: string; errorCode: string | null; now: Date },
): Promise<void> {
  const final = FINAL_STATUSES[status];
  if (!final) return;
  const message = messageId ? rowOfTwilioCallback(smsMessages, messageId, sid) : eq(smsMessages.providerSid, sid);
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(smsMessages)
      .set({ status: final, errorCode, providerSid: sql`coalesce(${smsMessages.providerSid}, ${sid})`, updatedAt: now })
      .where(and(message, eq(smsMessages.status, 'sent')))
      .returning({ deliveryId: smsMessages.deliveryId });
    if (!settled?.deliveryId) return;
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
      .where(eq(deliveries.id, settled.deliveryId));
  });
}

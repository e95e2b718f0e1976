import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { entityCallerIds } from '../../db/schema/voice.ts';
import type { VoiceProvider } from './voice-provider.ts';

/**
 * How Twilio's verification call ended (its StatusCallback, decision 082). `success` with the new
 * OutgoingCallerId's sid makes the number the business's caller ID, and the one it replaces is
 * removed from the Twilio account; anything else is `failed` (no answer, busy, a wrong code). Only
 * the verification waiting under `verificationId` moves, once: a callback of an earlier one, a
 * repeated one, or one for another call changes nothing.
 */
export async function recordCallerIdStatus(
  db: Database,
  voice: Pick<VoiceProvider, 'releaseCallerId'>,
  {
    verificationId,
    callSid,
    verificationStatus,
    twilioSid,
    now,
  }: {
    verificationId: string;
    callSid: string | null;
    verificationStatus: string;
    twilioSid: string | null;
    now: Date;
  },
): Promise<void> {
  const replaced = await db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({
        entityId: entityCallerIds.entityId,
        pendingPhone: entityCallerIds.pendingPhone,
        pendingCallSid: entityCallerIds.pendingCallSid,
        twilioSid: entityCallerIds.twilioSid,
      })
      .from(entityCallerIds)
      .where(and(eq(entityCallerIds.pendingId, verificationId), eq(entityCallerIds.pendingStatus, 'pending')))
      .for('update');
    if (!waiting?.pendingPhone || (waiting.pendingCallSid && callSid !== waiting.pendingCallSid)) return null;
    const mine = eq(entityCallerIds.entityId, waiting.entityId);
    if (verificationStatus === 'success' && twilioSid) {
      // Two businesses verifying one number at once: the first keeps it (entity_caller_ids_phone_idx).
      const [heldElsewhere] = await tx
        .select({ entityId: entityCallerIds.entityId })
        .from(entityCallerIds)
        .where(and(eq(entityCallerIds.phone, waiting.pendingPhone), ne(entityCallerIds.entityId, waiting.entityId)));
      if (!heldElsewhere) {
        await tx
          .update(entityCallerIds)
          .set({
            phone: waiting.pendingPhone,
            twilioSid,
            verifiedAt: now,
            pendingId: null,
            pendingPhone: null,
            pendingStatus: null,
            validationCode: null,
            pendingCallSid: null,
            requestedAt: null,
            updatedAt: sql`now()`,
          })
          .where(mine);
        return waiting.twilioSid && waiting.twilioSid !== twilioSid ? waiting.twilioSid : null;
      }
    }
    await tx
      .update(entityCallerIds)
      .set({ pendingStatus: 'failed', validationCode: null, updatedAt: sql`now()` })
      .where(mine);
    return null;
  });
  // After the commit: Twilio is not asked while a row is locked, and a refusal leaves the number verified there only.
  if (replaced) await voice.releaseCallerId(replaced);
}

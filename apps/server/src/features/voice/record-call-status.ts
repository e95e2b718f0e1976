import { and, eq, notInArray, sql } from 'drizzle-orm';
import { getPlan } from '@leadbell/shared/plans';
import { VOICE_CALL_STATUSES, type VoiceCallStatus } from '@leadbell/shared/voice';
import type { Database } from '../../db/client.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { entities } from '../../db/schema/entities.ts';
import { voiceCallStatuses, voiceCalls } from '../../db/schema/voice.ts';
import { billingColumns, billingStateOf } from '../../lib/billing-state.ts';
import { callMinutesAllowance, settleCallMinutes } from './call-minutes.ts';
import { rowOfTwilioCallback } from '../sms/row-of-twilio-callback.ts';

/** The statuses a call ends with; a callback arriving late never moves a call back from one. */
const FINAL: VoiceCallStatus[] = ['completed', 'no-answer', 'busy', 'failed', 'canceled'];

/**
 * Applies a verified status callback (ringing, answered, no-answer, busy, failed, completed) to
 * its call (rowOfTwilioCallback): its status and duration, and the status kept beside the ones before
 * it (voice_call_statuses, once per status: Twilio may send a callback again); answered, its
 * delivery is confirmed (the member's phone rang and was picked up); ended, its reserved minutes
 * are settled with its length.
 */
export async function recordCallStatus(
  db: Database,
  {
    callId,
    callSid,
    status,
    durationSeconds,
    now,
  }: { callId: string; callSid: string; status: string; durationSeconds: number | null; now: Date },
): Promise<void> {
  const known = VOICE_CALL_STATUSES.find((value) => value === status);
  if (!known || known === 'queued') return;
  const isFinal = FINAL.includes(known);
  const [call] = await db.transaction(async (tx) => {
    const updated = await tx
      .update(voiceCalls)
      .set({
        status: known,
        // A callback that came before Twilio's answer to the call's creation was read brings its sid.
        providerSid: sql`coalesce(${voiceCalls.providerSid}, ${callSid})`,
        updatedAt: now,
        ...(known === 'in-progress' && {
          answeredAt: sql`coalesce(${voiceCalls.answeredAt}, ${now.toISOString()}::timestamptz)`,
        }),
        ...(isFinal && { endedAt: now, durationSeconds: durationSeconds ?? 0 }),
      })
      .where(and(rowOfTwilioCallback(voiceCalls, callId, callSid), notInArray(voiceCalls.status, FINAL)))
      .returning({
        entityId: voiceCalls.entityId,
        deliveryId: voiceCalls.deliveryId,
        reservedMinutes: voiceCalls.reservedMinutes,
        reservedAt: voiceCalls.reservedAt,
      });
    if (updated.length > 0)
      await tx
        .insert(voiceCallStatuses)
        .values({ callId, status: known, durationSeconds: isFinal ? (durationSeconds ?? 0) : null })
        .onConflictDoNothing();
    return updated;
  });
  if (!call) return;
  if (known === 'in-progress' && call.deliveryId)
    await db
      .update(deliveries)
      .set({ receivedAt: sql`coalesce(${deliveries.receivedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(eq(deliveries.id, call.deliveryId));
  if (!isFinal) return;
  const [entity] = await db.select(billingColumns).from(entities).where(eq(entities.id, call.entityId));
  if (!entity?.plan || !entity.planSelectedAt) return;
  // The month the minutes were reserved in, whatever month it is now.
  const { plan, period } = billingStateOf(entity, call.reservedAt);
  await settleCallMinutes(db, {
    allowance: callMinutesAllowance(call.entityId, period.start, getPlan(plan).includedCallMinutes),
    reservedMinutes: call.reservedMinutes,
    reservedAt: call.reservedAt,
    durationSeconds: durationSeconds ?? 0,
  });
}

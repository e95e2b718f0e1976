import { eq, sql } from 'drizzle-orm';
import { leadDialNumberOf } from '@leadbell/shared/contact';
import type { Database } from '../../db/client.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { entities } from '../../db/schema/entities.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { entityLanguages } from '../../db/schema/spam.ts';
import { entityCallerIds, voiceCalls } from '../../db/schema/voice.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';
import { claimOpenLead } from '../leads/claim-lead.ts';
import { recordLeadEvent } from '../leads/record-lead-event.ts';
import { rowOfTwilioCallback } from '../sms/row-of-twilio-callback.ts';
import { callVoiceOf, type CallVoice } from './call-voice.ts';
import { callUrlsOf, type VoiceProvider } from './voice-provider.ts';
import { connectCustomerTwiml, leadCallTwiml, spokenTwiml } from './voice-twiml.ts';

/**
 * The whole call is read in the business's language (decision 082): Leadbell's prompts as well as
 * the lead's words. A call not found (a forged or stale URL) is answered in English.
 */
function callVoiceFor(call: { businessLanguage: string | null; defaultCountry: string | null } | null): CallVoice {
  return callVoiceOf(call?.businessLanguage ?? null, call?.defaultCountry ?? null);
}

/** The call and what it is about, for this Twilio request (rowOfTwilioCallback: a URL alone is not enough). */
async function findCall(db: Database, { callId, callSid }: { callId: string; callSid: string }) {
  const [call] = await db
    .select({
      id: voiceCalls.id,
      userId: voiceCalls.userId,
      entityId: voiceCalls.entityId,
      notificationId: voiceCalls.notificationId,
      businessName: entities.name,
      defaultCountry: entities.defaultCountry,
      // The language most of its genuine leads were written in (entity_languages, issue 46).
      businessLanguage: sql<string | null>`(select l.language from ${entityLanguages} l
        where l.entity_id = ${voiceCalls.entityId} and l.leads > 0 order by l.leads desc, l.language limit 1)`,
      title: notifications.title,
      message: notifications.message,
      data: notifications.data,
      leadStatus: notifications.leadStatus,
      deletedAt: notifications.deletedAt,
      purpose: deliveries.purpose,
      // The business's own number once Twilio verified it (decision 082), shown to the customer on key 1.
      callerId: entityCallerIds.phone,
    })
    .from(voiceCalls)
    .innerJoin(notifications, eq(notifications.id, voiceCalls.notificationId))
    .innerJoin(entities, eq(entities.id, voiceCalls.entityId))
    .leftJoin(deliveries, eq(deliveries.id, voiceCalls.deliveryId))
    .leftJoin(entityCallerIds, eq(entityCallerIds.entityId, voiceCalls.entityId))
    .where(rowOfTwilioCallback(voiceCalls, callId, callSid));
  return call ?? null;
}

/** The call's opening TwiML (Twilio fetched its Url): the lead, and one key to press. */
export async function answerCall(
  db: Database,
  publicUrl: string,
  { callId, callSid }: { callId: string; callSid: string },
): Promise<string> {
  const call = await findCall(db, { callId, callSid });
  const voice = callVoiceFor(call);
  if (!call || call.leadStatus !== 'open' || call.deletedAt) return spokenTwiml('gone', voice);
  return leadCallTwiml({
    businessName: call.businessName,
    title: call.title,
    message: call.message,
    gatherUrl: callUrlsOf(publicUrl, call.id).gather,
    voice,
    isEscalation: call.purpose === 'escalation',
  });
}

/**
 * The key the member pressed. 1 claims the lead for them exactly as "I'm on it" does (the first
 * response, the timeline, webhooks) and dials the customer showing the business's verified
 * number (else the server's, decision 082), or says
 * the details are in the app when the lead left no number; 2 passes it to the next member in turn
 * now, their step timed from the press (leadbell_ring_next_turn; only while the lead is still
 * theirs to answer), or leaves it to the others when the flow rings everyone.
 */
export async function pressCallKey(
  db: Database,
  provider: Pick<VoiceProvider, 'callerId'>,
  { callId, callSid, digits, now }: { callId: string; callSid: string; digits: string; now: Date },
): Promise<string> {
  const call = await findCall(db, { callId, callSid });
  const voice = callVoiceFor(call);
  if (!call || !call.userId) return spokenTwiml('gone', voice);
  const { userId } = call;
  if (digits === '1') {
    const claimed = await db.transaction(async (tx) => {
      await tx
        .update(voiceCalls)
        .set({ digits, updatedAt: sql`now()` })
        .where(eq(voiceCalls.id, call.id));
      return claimOpenLead(tx, { id: call.notificationId, entityId: call.entityId, userId, now });
    });
    if (!claimed) return spokenTwiml('taken', voice);
    const phone = leadDialNumberOf(call.data, call.defaultCountry);
    return phone
      ? connectCustomerTwiml({ customerPhone: phone, callerId: call.callerId ?? provider.callerId, voice })
      : spokenTwiml('noPhone', voice);
  }
  if (digits === '2') {
    await db.transaction(async (tx) => {
      await tx
        .update(voiceCalls)
        .set({ digits, updatedAt: sql`now()` })
        .where(eq(voiceCalls.id, call.id));
      await recordLeadEvent(tx, {
        entityId: call.entityId,
        notificationId: call.notificationId,
        kind: 'passed',
        userId,
      });
      const { rows } = await tx.execute<{ queued: number }>(
        sql`select leadbell_ring_next_turn(${call.notificationId}::uuid, ${userId}, ${now.toISOString()}::timestamptz) as queued`,
      );
      if ((rows[0]?.queued ?? 0) > 0) await wakeDeliveryWorkers(tx);
    });
    return spokenTwiml('passed', voice);
  }
  return spokenTwiml('unknownKey', voice);
}

import { and, eq, sql } from 'drizzle-orm';
import { leadDialNumberOf } from '@leadbell/shared/contact';
import type { Database } from '../../db/client.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { entities } from '../../db/schema/entities.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { voiceCalls } from '../../db/schema/voice.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';
import { claimOpenLead } from '../leads/claim-lead.ts';
import { recordLeadEvent } from '../leads/record-lead-event.ts';
import { callUrlsOf, type VoiceProvider } from './voice-provider.ts';
import { connectCustomerTwiml, leadCallTwiml, spokenTwiml } from './voice-twiml.ts';

/** Leadbell's words are English, as the console's are; the voice reads them as the business's country speaks it. */
function languageOf(country: string | null): string {
  return country && ['GB', 'IE', 'AU', 'NZ', 'IN', 'ZA'].includes(country) ? `en-${country}` : 'en-US';
}

const GONE = 'This lead is no longer waiting. Goodbye.';

/** The call and what it is about, for this Twilio call (its sid must match: a URL alone is not enough). */
async function findCall(db: Database, { callId, callSid }: { callId: string; callSid: string }) {
  const [call] = await db
    .select({
      id: voiceCalls.id,
      userId: voiceCalls.userId,
      entityId: voiceCalls.entityId,
      notificationId: voiceCalls.notificationId,
      businessName: entities.name,
      defaultCountry: entities.defaultCountry,
      title: notifications.title,
      message: notifications.message,
      data: notifications.data,
      leadStatus: notifications.leadStatus,
      deletedAt: notifications.deletedAt,
      purpose: deliveries.purpose,
    })
    .from(voiceCalls)
    .innerJoin(notifications, eq(notifications.id, voiceCalls.notificationId))
    .innerJoin(entities, eq(entities.id, voiceCalls.entityId))
    .leftJoin(deliveries, eq(deliveries.id, voiceCalls.deliveryId))
    .where(and(eq(voiceCalls.id, callId), eq(voiceCalls.providerSid, callSid)));
  return call ?? null;
}

/** The call's opening TwiML (Twilio fetched its Url): the lead, and one key to press. */
export async function answerCall(
  db: Database,
  publicUrl: string,
  { callId, callSid }: { callId: string; callSid: string },
): Promise<string> {
  const call = await findCall(db, { callId, callSid });
  const language = languageOf(call?.defaultCountry ?? null);
  if (!call || call.leadStatus !== 'open' || call.deletedAt) return spokenTwiml(GONE, language);
  return leadCallTwiml({
    businessName: call.businessName,
    title: call.title,
    message: call.message,
    gatherUrl: callUrlsOf(publicUrl, call.id).gather,
    language,
    isEscalation: call.purpose === 'escalation',
  });
}

/**
 * The key the member pressed. 1 claims the lead for them exactly as "I'm on it" does (the first
 * response, the timeline, webhooks) and dials the customer with the business's caller ID, or says
 * the details are in the app when the lead left no number; 2 passes it to the next member in turn
 * now (leadbell_ring_next_turn), or leaves it to the others when the flow rings everyone.
 */
export async function pressCallKey(
  db: Database,
  voice: Pick<VoiceProvider, 'callerId'>,
  { callId, callSid, digits, now }: { callId: string; callSid: string; digits: string; now: Date },
): Promise<string> {
  const call = await findCall(db, { callId, callSid });
  const language = languageOf(call?.defaultCountry ?? null);
  if (!call || !call.userId) return spokenTwiml(GONE, language);
  const { userId } = call;
  if (digits === '1') {
    const claimed = await db.transaction(async (tx) => {
      await tx
        .update(voiceCalls)
        .set({ digits, updatedAt: sql`now()` })
        .where(eq(voiceCalls.id, call.id));
      return claimOpenLead(tx, { id: call.notificationId, entityId: call.entityId, userId, now });
    });
    if (!claimed) return spokenTwiml('Someone else is already on this lead. Thank you. Goodbye.', language);
    const phone = leadDialNumberOf(call.data, call.defaultCountry);
    return phone
      ? connectCustomerTwiml({ customerPhone: phone, callerId: voice.callerId, language })
      : spokenTwiml('The lead is yours. It left no phone number: the details are in the Leadbell app.', language);
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
        sql`select leadbell_ring_next_turn(${call.notificationId}::uuid) as queued`,
      );
      if ((rows[0]?.queued ?? 0) > 0) await wakeDeliveryWorkers(tx);
    });
    return spokenTwiml('Passed on to the next person. Goodbye.', language);
  }
  return spokenTwiml('That key does nothing. The lead is still waiting in the app. Goodbye.', language);
}

import { eq, sql } from 'drizzle-orm';
import { getPlan } from '@leadbell/shared/plans';
import type { Database } from '../../db/client.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { entities } from '../../db/schema/entities.ts';
import { memberPhones } from '../../db/schema/sms.ts';
import { voiceCalls } from '../../db/schema/voice.ts';
import type { DeliveryQueue } from '../../jobs/delivery-queue.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';
import { billingColumns, billingStateOf } from '../../lib/billing-state.ts';
import type { Clock } from '../../lib/clock.ts';
import { takeAllowancesUpTo } from '../allowances/take-allowances.ts';
import type { AttemptOutcome } from '../deliveries/attempt-outcome.ts';
import { alertAllowanceUsedUp } from '../sms/send-lead-sms.ts';
import { CALL_MINUTES_RESERVED, callMinutesAllowance } from './call-minutes.ts';
import type { VoiceProvider } from './voice-provider.ts';

export type LeadCallDependencies = { db: Database; queue: DeliveryQueue; voice: VoiceProvider | null; clock: Clock };

/** What a lead's `voice` delivery needs from its row (the delivery targets' query). */
export type LeadCallDelivery = {
  deliveryId: string;
  entityId: string;
  userId: string | null;
  notificationId: string;
  purpose: 'lead' | 'escalation';
  /** In the member's quiet hours now (quietDeliveryIdsAt): a call or text cannot ring silently. */
  isQuiet: boolean;
};

function notCalled(error: string): AttemptOutcome {
  return { kind: 'failed', error, statusCode: null, durationMs: 0 };
}

/**
 * With the month's call minutes used up, the member is texted instead (their pushes went anyway):
 * a text delivery of the same purpose, unless they have one already, and the admins told once.
 */
async function fallBackToText(
  { db, queue }: LeadCallDependencies,
  delivery: LeadCallDelivery & { userId: string },
  periodStart: Date,
) {
  await db
    .insert(deliveries)
    .values({
      notificationId: delivery.notificationId,
      entityId: delivery.entityId,
      channel: 'sms',
      userId: delivery.userId,
      purpose: delivery.purpose,
    })
    .onConflictDoNothing();
  await wakeDeliveryWorkers(db);
  await alertAllowanceUsedUp(db, queue, delivery.entityId, periodStart, 'call_allowance');
}

/** Twilio's 429 and 5xx are retried; no answer is not, since the call may be ringing already. */
function outcomeOfRefusal(
  result: { status: number | null; providerCode: string | null; error: string },
  durationMs: number,
): AttemptOutcome {
  const error = `Twilio: ${result.error}${result.providerCode ? ` (error ${result.providerCode})` : ''}`;
  const isPassing = result.status === 429 || (result.status !== null && result.status >= 500);
  return { kind: isPassing ? 'retry' : 'failed', error, statusCode: result.status, durationMs };
}

/**
 * One lead call (issue 50): to the member's verified number, never in their quiet hours, with
 * CALL_MINUTES_RESERVED of the plan's month reserved before it is placed (a call past the
 * allowance is a text instead). The call's row is written before Twilio is asked, so its TwiML
 * and callbacks always find it; a refused call gives its minutes back.
 */
async function placeLeadCall(deps: LeadCallDependencies, delivery: LeadCallDelivery): Promise<AttemptOutcome> {
  const { db, voice, clock } = deps;
  const now = clock.now();
  if (!voice) return notCalled('Calls are off on this server');
  if (!delivery.userId) return notCalled('Member removed');
  if (delivery.isQuiet) return notCalled('Not called: the member’s quiet hours');
  const [row] = await db
    .select({ phone: memberPhones.phone, ...billingColumns })
    .from(entities)
    .leftJoin(memberPhones, eq(memberPhones.userId, delivery.userId))
    .where(eq(entities.id, delivery.entityId));
  if (!row?.phone) return notCalled('No verified mobile number');
  if (!row.plan || !row.planSelectedAt) return notCalled('No plan');
  const { plan, period } = billingStateOf(row, now);
  const included = getPlan(plan).includedCallMinutes;
  const allowance = callMinutesAllowance(delivery.entityId, period.start, included);
  const reserved = await takeAllowancesUpTo(db, [allowance], CALL_MINUTES_RESERVED);
  if (reserved.granted < CALL_MINUTES_RESERVED) {
    await reserved.giveBack();
    await fallBackToText(deps, { ...delivery, userId: delivery.userId }, period.start);
    return notCalled(`Not called: the plan’s ${included} call minutes this month are used up; texted instead`);
  }
  const [call] = await db
    .insert(voiceCalls)
    .values({
      deliveryId: delivery.deliveryId,
      notificationId: delivery.notificationId,
      entityId: delivery.entityId,
      userId: delivery.userId,
      reservedMinutes: CALL_MINUTES_RESERVED,
      reservedAt: sql`now()`,
    })
    .returning({ id: voiceCalls.id });
  const started = performance.now();
  const result = await voice.placeCall({ to: row.phone, callId: call!.id });
  const durationMs = Math.round(performance.now() - started);
  if (!result.ok) {
    await reserved.giveBack();
    await db
      .update(voiceCalls)
      .set({ status: 'failed', reservedMinutes: 0, updatedAt: sql`now()` })
      .where(eq(voiceCalls.id, call!.id));
    return outcomeOfRefusal(result, durationMs);
  }
  await db
    .update(voiceCalls)
    .set({ providerSid: result.providerSid, updatedAt: sql`now()` })
    .where(eq(voiceCalls.id, call!.id));
  return { kind: 'delivered', statusCode: 201, durationMs };
}

/** Attempts at a lead's calls, one outcome per delivery in the given order. Calls are few: one by one. */
export async function placeLeadCalls(
  deps: LeadCallDependencies,
  deliveries: LeadCallDelivery[],
): Promise<AttemptOutcome[]> {
  const outcomes: AttemptOutcome[] = [];
  for (const delivery of deliveries) outcomes.push(await placeLeadCall(deps, delivery));
  return outcomes;
}

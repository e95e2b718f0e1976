import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { memberPhoneOf } from '@leadbell/shared/sms';
import type { CallerId, VerifyCallerId } from '@leadbell/shared/voice';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { entityCallerIds } from '../../db/schema/voice.ts';
import { AppError } from '../../http/app-error.ts';
import { askTwilioWithinAllowances, refusedPhone } from '../sms/ask-twilio-within-allowances.ts';
import { callerIdNumberProblem } from '../sms/textable-number.ts';
import { callerIdAllowancesOf } from './caller-id-allowances.ts';
import { getCallerId } from './get-caller-id.ts';
import type { VoiceProvider } from './voice-provider.ts';

export type CallerIdDependencies = {
  db: Database;
  voice: VoiceProvider | null;
  /** The countries the server phones (SMS_ALLOWED_COUNTRIES). */
  allowedCountries: readonly string[];
  now: () => Date;
};

/** Calls must be configured (Twilio with a phone number); the console says why otherwise. */
export function requireVoice(voice: VoiceProvider | null): VoiceProvider {
  if (!voice)
    throw new AppError(
      'voice_disabled',
      'Phone calls are off on this server: it has no Twilio account with a phone number (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER; docs/operations.md).',
    );
  return voice;
}

/**
 * Asks Twilio to verify the business's number as its caller ID (decision 082): Twilio calls it
 * now, and whoever answers types the validation code answered here; its status callback says how
 * it ended. Each request is a call to a number an admin typed, so only a business line of the
 * server's countries that no business here already uses, and the business's and the number's
 * allowances are taken before Twilio is asked (given back when it refuses).
 */
export async function startCallerIdVerification(
  { db, voice, allowedCountries, now }: CallerIdDependencies,
  { entityId, input }: { entityId: string; input: VerifyCallerId },
): Promise<CallerId> {
  const provider = requireVoice(voice);
  const [entity] = await db
    .select({ name: entities.name, defaultCountry: entities.defaultCountry })
    .from(entities)
    .where(eq(entities.id, entityId));
  if (!entity) throw new AppError('not_found', 'Entity not found.');
  const phone = memberPhoneOf(input.phone, entity.defaultCountry);
  if (!phone)
    throw refusedPhone('This is not a phone number we can read: add its country code, like +44 20 7946 0123.');
  const problem = callerIdNumberProblem(phone.e164, allowedCountries);
  if (problem) throw refusedPhone(problem);
  // Twilio keeps one caller ID per number for its whole account, so one business here per number.
  const [holder] = await db
    .select({ entityId: entityCallerIds.entityId })
    .from(entityCallerIds)
    .where(eq(entityCallerIds.phone, phone.e164));
  if (holder)
    throw refusedPhone(
      holder.entityId === entityId
        ? 'This number is already your caller ID.'
        : 'Another business on Leadbell already shows this number as its caller ID.',
    );

  const verificationId = randomUUID();
  const requested = await askTwilioWithinAllowances(
    db,
    callerIdAllowancesOf(entityId, phone.e164),
    () => provider.requestCallerIdVerification({ phone: phone.e164, friendlyName: entity.name, verificationId }),
    {
      verb: 'verify',
      failure: (providerCode) =>
        new AppError('caller_id_failed', 'Twilio could not start the call. Please try again in a minute.', {
          details: { providerCode },
        }),
    },
  );

  const requestedAt = now();
  const pending = {
    pendingId: verificationId,
    pendingPhone: phone.e164,
    pendingStatus: 'pending' as const,
    validationCode: requested.validationCode,
    pendingCallSid: requested.callSid,
    requestedAt,
    updatedAt: requestedAt,
  };
  await db
    .insert(entityCallerIds)
    .values({ entityId, ...pending })
    .onConflictDoUpdate({ target: entityCallerIds.entityId, set: pending });
  return getCallerId(db, provider, entityId);
}

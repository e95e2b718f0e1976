import { eq } from 'drizzle-orm';
import { memberPhoneOf, SMS_CODE_TTL_MINUTES, type AddPhone, type MemberPhone } from '@leadbell/shared/sms';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { memberPhones } from '../../db/schema/sms.ts';
import { AppError } from '../../http/app-error.ts';
import { askTwilioWithinAllowances, refusedPhone } from './ask-twilio-within-allowances.ts';
import { getMemberPhone } from './get-member-phone.ts';
import { newPhoneCode, phoneCodeHashOf } from './phone-code.ts';
import { sendTrackedText } from './send-tracked-texts.ts';
import { codeAllowancesOf } from './sms-allowances.ts';
import type { SmsProvider } from './sms-provider.ts';
import { textableNumberProblem } from './textable-number.ts';

export type PhoneDependencies = { db: Database; sms: SmsProvider | null; codeKey: string; now: () => Date };

/** SMS must be configured; the console shows why the number cannot be added otherwise. */
export function requireSms(sms: SmsProvider | null): SmsProvider {
  if (!sms)
    throw new AppError(
      'sms_disabled',
      'Text messages are off on this server: it has no Twilio account (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER; docs/operations.md, “SMS”).',
    );
  return sms;
}

async function defaultCountryOf(db: Database, entityId: string | null): Promise<string | null> {
  if (!entityId) return null;
  const [row] = await db
    .select({ defaultCountry: entities.defaultCountry })
    .from(entities)
    .where(eq(entities.id, entityId));
  return row?.defaultCountry ?? null;
}

/**
 * Texts a 6-digit code to the number; it waits (as an HMAC) for POST /v1/me/phone/verify. Each
 * code is a paid message to a number nobody has shown is theirs yet (issue 47): only mobile
 * numbers of the allowed countries, and the member's, business's, number's and installation's
 * allowances are taken before it is sent (sms-allowances.ts), and given back if it is not.
 */
export async function addMemberPhone(
  { db, sms, codeKey, now }: PhoneDependencies,
  member: { userId: string; entityId: string | null },
  input: AddPhone,
): Promise<MemberPhone> {
  const provider = requireSms(sms);
  const phone = memberPhoneOf(input.phone, await defaultCountryOf(db, member.entityId));
  if (!phone)
    throw refusedPhone('This is not a mobile number we can read: add its country code, like +44 7911 123456.');
  const problem = textableNumberProblem(phone.e164, provider.limits.allowedCountries);
  if (problem) throw refusedPhone(problem);

  const code = newPhoneCode();
  const sent = await askTwilioWithinAllowances(
    db,
    codeAllowancesOf(member, phone.e164, provider.limits),
    () =>
      sendTrackedText(
        db,
        provider,
        {
          ...member,
          to: phone.e164,
          body: `Your Leadbell code is ${code}. It expires in ${SMS_CODE_TTL_MINUTES} minutes.`,
          purpose: 'verification',
        },
        now(),
      ),
    {
      verb: 'text',
      failure: (providerCode) =>
        new AppError('sms_failed', 'The code could not be sent. Please try again in a minute.', {
          details: { providerCode },
        }),
    },
  );

  const sentAt = now();
  const codeFields = {
    pendingPhone: phone.e164,
    codeHash: phoneCodeHashOf(codeKey, member.userId, phone.e164, code),
    codeExpiresAt: new Date(sentAt.getTime() + SMS_CODE_TTL_MINUTES * 60_000),
    codeAttempts: 0,
    codeMessageSid: sent.providerSid,
    updatedAt: sentAt,
  };
  await db
    .insert(memberPhones)
    .values({ userId: member.userId, ...codeFields })
    .onConflictDoUpdate({ target: memberPhones.userId, set: codeFields });
  return getMemberPhone(db, { userId: member.userId, isSmsEnabled: true, now: sentAt });
}

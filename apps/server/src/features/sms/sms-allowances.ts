import { SMS_CODES_PER_HOUR, SMS_TESTS_PER_HOUR } from '@leadbell/shared/sms';
import { HOUR_SECONDS, subjectOf, type Allowance } from '../allowances/take-allowances.ts';
import type { SmsLimits } from './sms-provider.ts';

/** Codes one number may get an hour, whoever asks: a stranger's phone must not be flooded from here. */
export const SMS_CODES_PER_NUMBER_PER_HOUR = 3;
/** Codes and test texts one business's members may send together an hour. */
export const SMS_CODES_AND_TESTS_PER_BUSINESS_PER_HOUR = 10;

/** The installation's hourly ceiling on every text, leads' included (SMS_PER_HOUR). */
export function installationSmsAllowance({ perHour }: SmsLimits): Allowance {
  return {
    key: 'sms-installation',
    limit: perHour,
    windowSeconds: HOUR_SECONDS,
    refusal: 'Leadbell is sending too many text messages right now. Try again later.',
  };
}

function businessAllowance(entityId: string | null): Allowance[] {
  if (!entityId) return [];
  return [
    {
      key: `sms-business:${entityId}`,
      limit: SMS_CODES_AND_TESTS_PER_BUSINESS_PER_HOUR,
      windowSeconds: HOUR_SECONDS,
      refusal: `Your business sent ${SMS_CODES_AND_TESTS_PER_BUSINESS_PER_HOUR} codes and test texts in the last hour. Try again later.`,
    },
  ];
}

/** What a verification code takes before it is texted: the member's, the business's, the number's, the installation's. */
export function codeAllowancesOf(
  member: { userId: string; entityId: string | null },
  phone: string,
  limits: SmsLimits,
): Allowance[] {
  return [
    {
      key: `sms-code-member:${member.userId}`,
      limit: SMS_CODES_PER_HOUR,
      windowSeconds: HOUR_SECONDS,
      refusal: `You asked for ${SMS_CODES_PER_HOUR} codes in the last hour. Try again later.`,
    },
    ...businessAllowance(member.entityId),
    {
      key: `sms-code-number:${subjectOf(phone)}`,
      limit: SMS_CODES_PER_NUMBER_PER_HOUR,
      windowSeconds: HOUR_SECONDS,
      refusal: `This number got ${SMS_CODES_PER_NUMBER_PER_HOUR} codes in the last hour. Try again later.`,
      field: 'phone',
    },
    installationSmsAllowance(limits),
  ];
}

/** What a test text takes: the member's, the business's, the installation's (it goes to their own verified number). */
export function testAllowancesOf(member: { userId: string; entityId: string | null }, limits: SmsLimits): Allowance[] {
  return [
    {
      key: `sms-test-member:${member.userId}`,
      limit: SMS_TESTS_PER_HOUR,
      windowSeconds: HOUR_SECONDS,
      refusal: `You sent ${SMS_TESTS_PER_HOUR} test texts in the last hour. Try again later.`,
    },
    ...businessAllowance(member.entityId),
    installationSmsAllowance(limits),
  ];
}

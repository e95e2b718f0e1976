import {
  CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY,
  CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY,
} from '@leadbell/shared/voice';
import { subjectOf, type Allowance } from '../allowances/take-allowances.ts';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * What a caller ID verification takes before Twilio is asked to call the number (decision 082):
 * one of the business's verifications a day, and one of the number's, whoever asks, so nobody can
 * have Leadbell ring a stranger's phone more than a few times a day.
 */
export function callerIdAllowancesOf(entityId: string, phone: string): Allowance[] {
  return [
    {
      key: `caller-id-business:${entityId}`,
      limit: CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY,
      windowSeconds: DAY_SECONDS,
      refusal: `Your business started ${CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY} caller ID verifications in the last day. Try again tomorrow.`,
    },
    {
      key: `caller-id-number:${subjectOf(phone)}`,
      limit: CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY,
      windowSeconds: DAY_SECONDS,
      refusal: `This number was called ${CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY} times to verify it in the last day. Try again tomorrow.`,
      field: 'phone',
    },
  ];
}

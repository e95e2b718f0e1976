import { eq } from 'drizzle-orm';
import { SMS_TESTS_PER_HOUR } from '@leadbell/shared/sms';
import { memberPhones, smsMessages } from '../../db/schema/sms.ts';
import { AppError } from '../../http/app-error.ts';
import { requireSms, type PhoneDependencies } from './add-member-phone.ts';
import { requireUnderHourlySmsLimit } from './hourly-sms-limit.ts';

/**
 * Texts the member's verified number now, not retried, so they can see a text arrive before a
 * lead needs one. Like the codes it is outside the plan's allowance, and limited per hour instead.
 */
export async function sendSmsTest(
  { db, sms, now }: PhoneDependencies,
  member: { userId: string; entityId: string | null },
): Promise<void> {
  const provider = requireSms(sms);
  const [row] = await db
    .select({ phone: memberPhones.phone })
    .from(memberPhones)
    .where(eq(memberPhones.userId, member.userId));
  if (!row?.phone) throw new AppError('not_found', 'Add and verify a mobile number first.');
  await requireUnderHourlySmsLimit(db, {
    userId: member.userId,
    purpose: 'test',
    limit: SMS_TESTS_PER_HOUR,
    now: now(),
    refusal: `You sent ${SMS_TESTS_PER_HOUR} test texts in the last hour. Try again later.`,
  });
  const sent = await provider.send({
    to: row.phone,
    body: 'Leadbell test: leads you choose to be texted arrive here.',
  });
  if (!sent.ok)
    throw new AppError('sms_failed', 'The test text could not be sent. Please try again in a minute.', {
      details: { providerCode: sent.providerCode },
    });
  const sentAt = now();
  await db.insert(smsMessages).values({
    providerSid: sent.providerSid,
    userId: member.userId,
    entityId: member.entityId,
    purpose: 'test',
    createdAt: sentAt,
    updatedAt: sentAt,
  });
}

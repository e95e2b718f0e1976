import { eq } from 'drizzle-orm';
import { memberPhones } from '../../db/schema/sms.ts';
import { AppError } from '../../http/app-error.ts';
import { takeAllowances } from '../allowances/take-allowances.ts';
import { recordTestReached } from '../devices/record-test-reached.ts';
import { requireSms, type PhoneDependencies } from './add-member-phone.ts';
import { sendTrackedText } from './send-tracked-texts.ts';
import { testAllowancesOf } from './sms-allowances.ts';

/**
 * Texts the member's verified number now, not retried, so they can see a text arrive before a
 * lead needs one; sent, it ticks the first-day checklist's test step. Like the codes it is outside
 * the plan's allowance: hourly allowances are taken before it is sent instead (sms-allowances.ts),
 * and given back if it is not.
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
  const taken = await takeAllowances(db, testAllowancesOf(member, provider.limits));
  const sent = await sendTrackedText(
    db,
    provider,
    { ...member, to: row.phone, body: 'Leadbell test: leads you choose to be texted arrive here.', purpose: 'test' },
    now(),
  );
  if (!sent.ok) {
    await taken.giveBack();
    throw new AppError('sms_failed', 'The test text could not be sent. Please try again in a minute.', {
      details: { providerCode: sent.providerCode },
    });
  }
  await recordTestReached(db, member.userId, 'sms');
}

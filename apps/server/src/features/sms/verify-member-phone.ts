import { eq } from 'drizzle-orm';
import { SMS_CODE_MAX_ATTEMPTS, type MemberPhone, type VerifyPhone } from '@leadbell/shared/sms';
import { memberPhones } from '../../db/schema/sms.ts';
import { AppError } from '../../http/app-error.ts';
import { requireSms, type PhoneDependencies } from './add-member-phone.ts';
import { getMemberPhone } from './get-member-phone.ts';
import { isPhoneCodeRight } from './phone-code.ts';

type Outcome = 'verified' | 'none' | 'expired' | 'spent' | { wrong: number };

/**
 * Checks the code against the pending number; right, the number becomes the member's (replacing
 * the one verified before). A wrong try is counted before answering, in its own commit, so
 * concurrent guesses cannot exceed SMS_CODE_MAX_ATTEMPTS.
 */
export async function verifyMemberPhone(
  { db, sms, codeKey, now }: PhoneDependencies,
  userId: string,
  input: VerifyPhone,
): Promise<MemberPhone> {
  requireSms(sms);
  const at = now();
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select({
        pendingPhone: memberPhones.pendingPhone,
        codeHash: memberPhones.codeHash,
        codeExpiresAt: memberPhones.codeExpiresAt,
        codeAttempts: memberPhones.codeAttempts,
      })
      .from(memberPhones)
      .where(eq(memberPhones.userId, userId))
      .for('update');
    if (!row?.pendingPhone || !row.codeHash || !row.codeExpiresAt) return 'none';
    if (row.codeAttempts >= SMS_CODE_MAX_ATTEMPTS) return 'spent';
    if (row.codeExpiresAt <= at) return 'expired';
    if (!isPhoneCodeRight(codeKey, userId, row.pendingPhone, input.code, row.codeHash)) {
      await tx
        .update(memberPhones)
        .set({ codeAttempts: row.codeAttempts + 1, updatedAt: at })
        .where(eq(memberPhones.userId, userId));
      return { wrong: SMS_CODE_MAX_ATTEMPTS - row.codeAttempts - 1 };
    }
    await tx
      .update(memberPhones)
      .set({
        phone: row.pendingPhone,
        verifiedAt: at,
        pendingPhone: null,
        codeHash: null,
        codeExpiresAt: null,
        codeAttempts: 0,
        codeMessageSid: null,
        updatedAt: at,
      })
      .where(eq(memberPhones.userId, userId));
    return 'verified';
  });
  if (outcome === 'none') throw new AppError('invalid_code', 'No code is waiting: add your number to get one.');
  if (outcome === 'expired')
    throw new AppError('code_expired', 'This code has expired: add your number again for a new one.');
  if (outcome === 'spent' || (typeof outcome === 'object' && outcome.wrong === 0))
    throw new AppError('too_many_attempts', 'Too many wrong codes: add your number again for a new one.');
  if (typeof outcome === 'object')
    throw new AppError('invalid_code', undefined, {
      fields: { code: [`That code is not right. ${outcome.wrong} ${outcome.wrong === 1 ? 'try' : 'tries'} left.`] },
    });
  return getMemberPhone(db, { userId, isSmsEnabled: true, now: at });
}

import { eq } from 'drizzle-orm';
import { phoneDisplayOf, SMS_CODE_MAX_ATTEMPTS, type MemberPhone } from '@leadbell/shared/sms';
import type { Database } from '../../db/client.ts';
import { memberPhones, smsMessages } from '../../db/schema/sms.ts';

/** The member's verified number and the one waiting for its code (while the code can still be entered). */
export async function getMemberPhone(
  db: Database,
  { userId, isSmsEnabled, now }: { userId: string; isSmsEnabled: boolean; now: Date },
): Promise<MemberPhone> {
  const [row] = await db
    .select({
      phone: memberPhones.phone,
      verifiedAt: memberPhones.verifiedAt,
      pendingPhone: memberPhones.pendingPhone,
      codeExpiresAt: memberPhones.codeExpiresAt,
      codeAttempts: memberPhones.codeAttempts,
      codeStatus: smsMessages.status,
    })
    .from(memberPhones)
    .leftJoin(smsMessages, eq(smsMessages.providerSid, memberPhones.codeMessageSid))
    .where(eq(memberPhones.userId, userId));
  const isPending =
    row?.pendingPhone && row.codeExpiresAt && row.codeExpiresAt > now && row.codeAttempts < SMS_CODE_MAX_ATTEMPTS;
  return {
    enabled: isSmsEnabled,
    phone:
      row?.phone && row.verifiedAt
        ? { number: row.phone, display: phoneDisplayOf(row.phone), verifiedAt: row.verifiedAt.toISOString() }
        : null,
    pending:
      isPending && row.pendingPhone && row.codeExpiresAt
        ? {
            number: row.pendingPhone,
            display: phoneDisplayOf(row.pendingPhone),
            expiresAt: row.codeExpiresAt.toISOString(),
            codeStatus: row.codeStatus ?? null,
          }
        : null,
  };
}

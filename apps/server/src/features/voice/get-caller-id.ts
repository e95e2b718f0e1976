import { eq } from 'drizzle-orm';
import { phoneDisplayOf } from '@leadbell/shared/sms';
import type { CallerId } from '@leadbell/shared/voice';
import type { Database } from '../../db/client.ts';
import { entityCallerIds } from '../../db/schema/voice.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import type { VoiceProvider } from './voice-provider.ts';

/** The caller's own entity's id; any other id, existing or not, answers 404. */
export function requireOwnEntityId(id: string, callerEntityId: string): string {
  if (!isUuid(id) || id !== callerEntityId) throw new AppError('not_found', 'Entity not found.');
  return id;
}

function numberOf(e164: string) {
  return { number: e164, display: phoneDisplayOf(e164) };
}

/** The business's caller ID: its verified number, the one Twilio is calling or failed to verify, and the server's own. */
export async function getCallerId(db: Database, voice: VoiceProvider | null, entityId: string): Promise<CallerId> {
  const [row] = await db
    .select({
      phone: entityCallerIds.phone,
      verifiedAt: entityCallerIds.verifiedAt,
      pendingPhone: entityCallerIds.pendingPhone,
      pendingStatus: entityCallerIds.pendingStatus,
      validationCode: entityCallerIds.validationCode,
      requestedAt: entityCallerIds.requestedAt,
    })
    .from(entityCallerIds)
    .where(eq(entityCallerIds.entityId, entityId));
  return {
    enabled: voice !== null,
    defaultNumber: voice ? numberOf(voice.callerId) : null,
    verified:
      row?.phone && row.verifiedAt ? { ...numberOf(row.phone), verifiedAt: row.verifiedAt.toISOString() } : null,
    verification:
      row?.pendingPhone && row.pendingStatus && row.requestedAt
        ? {
            ...numberOf(row.pendingPhone),
            status: row.pendingStatus,
            validationCode: row.pendingStatus === 'pending' ? row.validationCode : null,
            requestedAt: row.requestedAt.toISOString(),
          }
        : null,
  };
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { entityCallerIds } from '../../db/schema/voice.ts';
import type { VoiceProvider } from './voice-provider.ts';

/**
 * Forgets the business's caller ID, verified and waiting (decision 082): calls show the server's
 * own number again, and the verified number is removed from the Twilio account, so it can be
 * verified again later (Twilio refuses to verify a number it already holds).
 */
export async function removeCallerId(db: Database, voice: VoiceProvider | null, entityId: string): Promise<void> {
  const [removed] = await db
    .delete(entityCallerIds)
    .where(eq(entityCallerIds.entityId, entityId))
    .returning({ twilioSid: entityCallerIds.twilioSid });
  if (removed?.twilioSid && voice) await voice.releaseCallerId(removed.twilioSid);
}

import { and, asc, eq } from 'drizzle-orm';
import type { LeadTimelineEntry } from '@leadbell/shared/leads';
import type { VoiceCallStatus } from '@leadbell/shared/voice';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { voiceCalls } from '../../db/schema/voice.ts';

/** How a call went, as the timeline says it: its status, its length once answered, the key pressed. */
export function callDetailOf(call: {
  status: VoiceCallStatus;
  durationSeconds: number | null;
  digits: string | null;
}): string {
  return [
    call.status,
    call.status === 'completed' && call.durationSeconds !== null ? `${call.durationSeconds} s` : null,
    call.digits ? `pressed ${call.digits}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The lead's phone calls to members (issue 50), as timeline entries: who was called, when, how it went. */
export async function leadCallEntries(
  db: Database,
  { id, entityId }: { id: string; entityId: string },
): Promise<LeadTimelineEntry[]> {
  const calls = await db
    .select({
      createdAt: voiceCalls.createdAt,
      status: voiceCalls.status,
      durationSeconds: voiceCalls.durationSeconds,
      digits: voiceCalls.digits,
      userId: voiceCalls.userId,
      name: users.name,
    })
    .from(voiceCalls)
    .leftJoin(users, eq(users.id, voiceCalls.userId))
    .where(and(eq(voiceCalls.notificationId, id), eq(voiceCalls.entityId, entityId)))
    .orderBy(asc(voiceCalls.createdAt));
  return calls.map((call) => ({
    kind: 'phoned',
    at: call.createdAt.toISOString(),
    person: call.userId ? { userId: call.userId, name: call.name ?? 'Someone who left' } : null,
    detail: callDetailOf(call),
  }));
}

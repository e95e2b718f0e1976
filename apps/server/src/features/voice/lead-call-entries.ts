import { and, asc, eq } from 'drizzle-orm';
import type { LeadTimelineEntry } from '@leadbell/shared/leads';
import type { VoiceCallStatus } from '@leadbell/shared/voice';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { voiceCallStatuses, voiceCalls } from '../../db/schema/voice.ts';

/** How a call went at one status, as the timeline says it: the status, its length once answered, the key pressed. */
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

/**
 * The lead's phone calls to members (issue 50), as timeline entries, one per status each went
 * through (decision 079): placed (`queued`), ringing, answered, how it ended. Who was called, when,
 * and on the call's latest entry the key they pressed.
 */
export async function leadCallEntries(
  db: Database,
  { id, entityId }: { id: string; entityId: string },
): Promise<LeadTimelineEntry[]> {
  const rows = await db
    .select({
      callId: voiceCalls.id,
      createdAt: voiceCalls.createdAt,
      digits: voiceCalls.digits,
      userId: voiceCalls.userId,
      name: users.name,
      status: voiceCallStatuses.status,
      durationSeconds: voiceCallStatuses.durationSeconds,
      at: voiceCallStatuses.at,
    })
    .from(voiceCalls)
    .leftJoin(users, eq(users.id, voiceCalls.userId))
    .leftJoin(voiceCallStatuses, eq(voiceCallStatuses.callId, voiceCalls.id))
    .where(and(eq(voiceCalls.notificationId, id), eq(voiceCalls.entityId, entityId)))
    .orderBy(asc(voiceCalls.createdAt), asc(voiceCalls.id), asc(voiceCallStatuses.at), asc(voiceCallStatuses.id));
  const entries: LeadTimelineEntry[] = [];
  rows.forEach((row, index) => {
    const person = row.userId ? { userId: row.userId, name: row.name ?? 'Someone who left' } : null;
    const isFirst = rows[index - 1]?.callId !== row.callId;
    const isLatest = rows[index + 1]?.callId !== row.callId;
    if (isFirst)
      entries.push({
        kind: 'phoned',
        at: row.createdAt.toISOString(),
        person,
        detail: callDetailOf({
          status: 'queued',
          durationSeconds: null,
          digits: isLatest && !row.status ? row.digits : null,
        }),
      });
    if (row.status && row.at)
      entries.push({
        kind: 'phoned',
        at: row.at.toISOString(),
        person,
        detail: callDetailOf({
          status: row.status,
          durationSeconds: row.durationSeconds,
          digits: isLatest ? row.digits : null,
        }),
      });
  });
  return entries;
}

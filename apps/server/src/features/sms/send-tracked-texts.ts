import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SmsPurpose } from '@leadbell/shared/sms';
import type { Database } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/sms.ts';
import type { SmsProvider, SmsSendResult } from './sms-provider.ts';

/** A text to send, and what its row says it is for (a code, a test, a lead's delivery). */
export type TrackedText = {
  to: string;
  body: string;
  userId: string | null;
  entityId: string | null;
  purpose: SmsPurpose;
  deliveryId?: string;
};

/**
 * Sends texts, each with its row in sms_messages written first and its id in the text's
 * StatusCallback URL: Twilio may post a receipt before its answer to the send is read (a slow
 * answer, a busy server), and such a receipt found no row and was lost. One insert for all of
 * them before, one statement after: each sid stored, and the rows of texts Twilio refused removed.
 * A text Twilio never answered keeps its row: it may have gone, and its receipt will say.
 */
export async function sendTrackedTexts(
  db: Database,
  sms: SmsProvider,
  texts: TrackedText[],
  now: Date,
): Promise<SmsSendResult[]> {
  if (texts.length === 0) return [];
  const ids = texts.map(() => randomUUID());
  await db.insert(smsMessages).values(
    texts.map((text, index) => ({
      id: ids[index]!,
      userId: text.userId,
      entityId: text.entityId,
      purpose: text.purpose,
      deliveryId: text.deliveryId ?? null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const results = await Promise.all(texts.map(({ to, body }, index) => sms.send({ to, body, messageId: ids[index]! })));
  const sent = results.flatMap((result, index) => (result.ok ? [{ id: ids[index]!, sid: result.providerSid }] : []));
  const refused = results.flatMap((result, index) => (!result.ok && result.status !== null ? [ids[index]!] : []));
  await db.execute(sql`
    with named as (
      update sms_messages m set provider_sid = s.sid
        from unnest(${sql.param(sent.map(({ id }) => id))}::uuid[], ${sql.param(sent.map(({ sid }) => sid))}::text[])
          as s (id, sid)
       where m.id = s.id
    )
    delete from sms_messages where id = any (${sql.param(refused)}::uuid[])`);
  return results;
}

/** One text (a code, a test) as sendTrackedTexts sends it: its row first, its id in its URL. */
export async function sendTrackedText(db: Database, sms: SmsProvider, text: TrackedText, now: Date) {
  const [result] = await sendTrackedTexts(db, sms, [text], now);
  return result!;
}

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { telegramLinks, telegramLinkTokens } from '../../db/schema/telegram.ts';
import type { Clock } from '../../lib/clock.ts';
import { claimOpenLead, leadTakenError } from '../leads/claim-lead.ts';
import { findLeadState } from '../leads/lead-record.ts';
import { hashTelegramLinkToken } from './create-telegram-link.ts';
import { callTelegram } from './telegram-bot-api.ts';
import type { TelegramConfig } from './telegram-config.ts';
import { leadIdOfCallbackData } from './telegram-message.ts';

/** The parts of a Bot API `Update` that Leadbell reads; everything else is ignored. */
export type TelegramUpdate = {
  update_id: number;
  message?: {
    chat: { id: number; type?: string };
    from?: { id: number; first_name?: string; last_name?: string; username?: string };
    text?: string;
  };
  callback_query?: {
    id: string;
    from: { id: number };
    message?: { chat: { id: number } };
    data?: string;
  };
};

export type TelegramUpdateDependencies = { db: Database; config: TelegramConfig; clock: Clock };

function displayNameOf(from: NonNullable<TelegramUpdate['message']>['from']): string | null {
  if (!from) return null;
  const name = [from.first_name, from.last_name].filter(Boolean).join(' ');
  return name || (from.username ? `@${from.username}` : null);
}

/**
 * `/start <token>` from the deep link: the token is used up (one conditional update, so a second
 * use finds nothing) and the chat becomes the member's, if the member is still in that business.
 */
async function linkChat(
  { db, config, clock }: TelegramUpdateDependencies,
  message: NonNullable<TelegramUpdate['message']>,
) {
  const token = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})$/.exec(message.text?.trim() ?? '')?.[1];
  const reply = (text: string) => callTelegram(config, 'sendMessage', { chat_id: message.chat.id, text });
  if (!token) {
    await reply('Open Leadbell, go to Account and tap “Link Telegram” to get your leads here.');
    return;
  }
  const now = clock.now();
  const linked = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(telegramLinkTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(telegramLinkTokens.tokenHash, hashTelegramLinkToken(token)),
          isNull(telegramLinkTokens.usedAt),
          gt(telegramLinkTokens.expiresAt, now),
          sql`exists (select from ${users} where ${users.id} = ${telegramLinkTokens.userId} and ${users.entityId} = ${telegramLinkTokens.entityId})`,
        ),
      )
      .returning({ userId: telegramLinkTokens.userId, entityId: telegramLinkTokens.entityId });
    if (!used) return false;
    const link = {
      entityId: used.entityId,
      chatId: message.chat.id,
      displayName: displayNameOf(message.from),
      isEnabled: true,
      linkedAt: now,
    };
    await tx
      .insert(telegramLinks)
      .values({ userId: used.userId, ...link })
      .onConflictDoUpdate({ target: telegramLinks.userId, set: link });
    return true;
  });
  await reply(
    linked
      ? 'Linked to Leadbell: new leads will arrive in this chat. Tap “I’m on it” to take one.'
      : 'This link has expired or was already used. Open Leadbell and tap “Link Telegram” again.',
  );
}

/**
 * "I'm on it": claims the lead through the console's rule (claimOpenLead, first wins) for the
 * member whose linked chat pressed it, and only a member of the lead's business; the answer
 * says who has it when someone was first.
 */
async function claimFromChat(
  { db, config, clock }: TelegramUpdateDependencies,
  query: NonNullable<TelegramUpdate['callback_query']>,
) {
  const answer = (text: string) => callTelegram(config, 'answerCallbackQuery', { callback_query_id: query.id, text });
  const leadId = leadIdOfCallbackData(config.callbackKey, query.data);
  if (!leadId) {
    await answer('This button no longer works.');
    return;
  }
  const chatId = query.message?.chat.id ?? query.from.id;
  // Tenancy in the where clause: the chat's member must belong to the lead's business.
  const [member] = await db
    .select({ userId: telegramLinks.userId, entityId: telegramLinks.entityId })
    .from(telegramLinks)
    .innerJoin(notifications, eq(notifications.entityId, telegramLinks.entityId))
    .innerJoin(users, and(eq(users.id, telegramLinks.userId), eq(users.entityId, telegramLinks.entityId)))
    .where(and(eq(telegramLinks.chatId, chatId), eq(notifications.id, leadId)))
    .limit(1);
  if (!member) {
    await answer('This chat is not linked to this lead’s team in Leadbell.');
    return;
  }
  const now = clock.now();
  const claimed = await db.transaction((tx) =>
    claimOpenLead(tx, { id: leadId, entityId: member.entityId, userId: member.userId, now }),
  );
  const state = await findLeadState(db, member.entityId, leadId);
  if (!state) await answer('This lead was deleted.');
  else if (claimed || (state.status === 'claimed' && state.claimedBy?.userId === member.userId))
    await answer('You’re on it.');
  else await answer(leadTakenError(state).message);
}

/** Handles one update, from the webhook or from long polling; anything but these two is ignored. */
export async function handleTelegramUpdate(deps: TelegramUpdateDependencies, update: TelegramUpdate): Promise<void> {
  if (update.callback_query) await claimFromChat(deps, update.callback_query);
  else if (update.message?.text?.startsWith('/start') && update.message.chat.type === 'private')
    await linkChat(deps, update.message);
}

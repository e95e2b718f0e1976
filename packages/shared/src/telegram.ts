import { z } from 'zod';

/** A member's linked Telegram chat: `GET /v1/me/telegram`. */
export const TelegramLinkSchema = z.object({
  /** The chat's name as Telegram gave it when linking (first and last name, or @username). */
  displayName: z.string().nullable(),
  linkedAt: z.string(),
  /** False: the member turned Telegram off; the link stays and nothing is sent. */
  notifications: z.boolean(),
});
export type TelegramLink = z.infer<typeof TelegramLinkSchema>;

export const TelegramStateSchema = z.object({
  /** False on a server without TELEGRAM_BOT_TOKEN: Telegram is off and cannot be linked. */
  enabled: z.boolean(),
  link: TelegramLinkSchema.nullable(),
});
export type TelegramState = z.infer<typeof TelegramStateSchema>;

/** `POST /v1/me/telegram`: the one-time deep link that opens the bot and links this chat. */
export const TelegramDeepLinkSchema = z.object({
  url: z.string().describe('https://t.me/<bot>?start=<token>: opens the bot, which links the chat on /start.'),
  expiresAt: z.string(),
});
export type TelegramDeepLink = z.infer<typeof TelegramDeepLinkSchema>;

/** `PATCH /v1/me/telegram`: the member's own switch. */
export const UpdateTelegramSchema = z.object({
  notifications: z.boolean({ error: 'Say true or false.' }).describe('False turns Telegram off for this member.'),
});
export type UpdateTelegram = z.infer<typeof UpdateTelegramSchema>;

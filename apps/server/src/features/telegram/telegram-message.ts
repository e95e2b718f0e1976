import { createHmac, timingSafeEqual } from 'node:crypto';
import { leadPhonesOf } from '@leadbell/shared/contact';

/** Telegram's limit on a message's text; the card has everything a clipped message leaves out. */
const TEXT_MAX = 4000;
const FIELDS_MAX = 30;
const CALLBACK_PREFIX = 'c:';

/** For parse_mode HTML: a visitor's words can neither format nor link. */
export function escapeTelegramHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

function signatureOf(key: Buffer, leadHex: string): string {
  return createHmac('sha256', key).update(leadHex).digest().subarray(0, 10).toString('base64url');
}

/** "I'm on it"'s callback data: the lead's id and a signature, 49 bytes (Telegram allows 64). */
export function claimCallbackData(key: Buffer, leadId: string): string {
  const hex = leadId.replace(/-/g, '');
  return `${CALLBACK_PREFIX}${hex}:${signatureOf(key, hex)}`;
}

/** The lead's id from callback data this server signed; null for anything else. */
export function leadIdOfCallbackData(key: Buffer, data: unknown): string | null {
  if (typeof data !== 'string') return null;
  const match = /^c:([0-9a-f]{32}):([A-Za-z0-9_-]{14})$/.exec(data);
  if (!match) return null;
  const expected = Buffer.from(signatureOf(key, match[1]!));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const hex = match[1]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type TelegramLead = {
  notificationId: string;
  title: string;
  message: string | null;
  data: Record<string, unknown> | null;
  flowName: string | null;
  defaultCountry: string | null;
  isTest: boolean;
};

/**
 * A lead as a `sendMessage` body: its title, fields and flow, the phone number on its own line
 * (Telegram makes it tappable to call: a button cannot, Telegram refuses `tel:` URLs, decision
 * 052), and the buttons "I'm on it" (claims it) and "Open lead" (the card). Quiet hours send it
 * without a sound, as they do a push.
 */
export function telegramLeadMessage(
  lead: TelegramLead,
  {
    chatId,
    leadUrl,
    callbackKey,
    isSilent,
  }: { chatId: number; leadUrl: string; callbackKey: Buffer; isSilent: boolean },
): Record<string, unknown> {
  const lines = [`<b>${escapeTelegramHtml(lead.title)}</b>`];
  if (lead.isTest) lines.push('<i>Test lead</i>');
  const fields = Object.entries(lead.data ?? {}).slice(0, FIELDS_MAX);
  for (const [name, value] of fields)
    lines.push(`<b>${escapeTelegramHtml(name)}:</b> ${escapeTelegramHtml(valueText(value))}`);
  if (fields.length === 0 && lead.message) lines.push(escapeTelegramHtml(lead.message));
  const [phone] = leadPhonesOf(lead.data, lead.defaultCountry);
  if (phone) lines.push(`Call: ${escapeTelegramHtml(phone.e164)}`);
  if (lead.flowName) lines.push(`Flow: ${escapeTelegramHtml(lead.flowName)}`);
  let text = lines.join('\n');
  // Clipping HTML could cut a tag in half: past the limit the fields go, the card has them.
  if (text.length > TEXT_MAX)
    text = `<b>${escapeTelegramHtml(lead.title.slice(0, 200))}</b>\nToo long for Telegram: open the lead.`;
  return {
    chat_id: chatId,
    text,
    parse_mode: 'HTML',
    disable_notification: isSilent,
    link_preview_options: { is_disabled: true },
    reply_markup: {
      inline_keyboard: [
        [
          { text: 'I’m on it', callback_data: claimCallbackData(callbackKey, lead.notificationId) },
          { text: 'Open lead', url: leadUrl },
        ],
      ],
    },
  };
}

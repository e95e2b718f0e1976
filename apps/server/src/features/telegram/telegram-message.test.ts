import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  claimCallbackData,
  escapeTelegramHtml,
  leadIdOfCallbackData,
  telegramLeadMessage,
} from './telegram-message.ts';

const key = randomBytes(32);

describe('telegram message › callback data', () => {
  it('carries the lead id back, within Telegram’s 64 bytes', () => {
    const id = randomUUID();
    const data = claimCallbackData(key, id);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(leadIdOfCallbackData(key, data)).toBe(id);
  });

  it('refuses data signed with another key, another lead’s signature and anything else', () => {
    const id = randomUUID();
    expect(leadIdOfCallbackData(randomBytes(32), claimCallbackData(key, id))).toBeNull();
    const other = claimCallbackData(key, randomUUID());
    expect(leadIdOfCallbackData(key, `c:${id.replace(/-/g, '')}:${other.split(':')[2]}`)).toBeNull();
    expect(leadIdOfCallbackData(key, 'hello')).toBeNull();
    expect(leadIdOfCallbackData(key, undefined)).toBeNull();
  });
});

describe('telegram message › lead', () => {
  const lead = {
    notificationId: randomUUID(),
    title: 'New lead: <Priya>',
    message: null,
    data: { name: 'Priya & co', phone: '020 7946 0958' },
    flowName: 'Quote form',
    defaultCountry: 'GB',
    isTest: false,
  };

  it('escapes the visitor’s words, puts the number on its own line and silences it in quiet hours', () => {
    const body = telegramLeadMessage(lead, {
      chatId: 42,
      leadUrl: 'https://app.example/leads/1',
      callbackKey: key,
      isSilent: true,
    });
    expect(body.text).toBe(
      '<b>New lead: &lt;Priya&gt;</b>\n<b>name:</b> Priya &amp; co\n<b>phone:</b> 020 7946 0958\nCall: +442079460958\nFlow: Quote form',
    );
    expect(body).toMatchObject({ chat_id: 42, parse_mode: 'HTML', disable_notification: true });
  });

  it('keeps only the title when the fields would pass Telegram’s length', () => {
    const body = telegramLeadMessage(
      { ...lead, data: { story: 'x'.repeat(5000) } },
      { chatId: 42, leadUrl: 'https://app.example/leads/1', callbackKey: key, isSilent: false },
    );
    expect(body.text).toBe('<b>New lead: &lt;Priya&gt;</b>\nToo long for Telegram: open the lead.');
    expect(escapeTelegramHtml('a<b>&')).toBe('a&lt;b&gt;&amp;');
  });
});

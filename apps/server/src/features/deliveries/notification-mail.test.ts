import { describe, expect, it } from 'vitest';
import { notificationMail } from './notification-mail.ts';

function mailOf(data: Record<string, unknown> | null) {
  return notificationMail({
    to: 'owner@example.com',
    title: 'New lead: Eve',
    message: 'Eve wrote: help',
    data,
    defaultCountry: null,
    leadUrl: 'https://app.example/leads/1',
    accountUrl: 'https://app.example/account',
    reason: 'chosen',
    isTest: false,
  });
}

describe('lead copy mail', () => {
  it('escapes field names and values, and keeps the lines of a multi-line value under their field in the text', () => {
    const mail = mailOf({ '<i>field</i>': '<img src=x onerror=alert(1)>', details: 'Line one\nLine two', done: true });
    expect(mail.html).not.toMatch(/<i>|<img/);
    expect(mail.html).toContain('&#60;i&#62;field&#60;/i&#62;');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(mail.text).toContain('details: Line one\n  Line two\ndone: true\n');
  });

  it('a lead with no phone, address or fields gets neither contact links, nor a table, nor a Reply-To', () => {
    const mail = mailOf(null);
    expect(mail.html).not.toMatch(/tel:|sms:|wa\.me|mailto:|What they sent/);
    expect(mail.text).not.toContain('What they sent');
    expect(mail.replyTo).toBeUndefined();
    expect(mail.html).toContain('href="https://app.example/leads/1"');
  });
});

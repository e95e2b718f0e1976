import { describe, expect, it } from 'vitest';
import { acknowledgementMail, templateDataOf } from './acknowledgement-mail.ts';

const MAIL = {
  to: 'ann@example.com',
  replyTo: 'office@example.com',
  entityName: 'Acme Homes',
  subject: 'Thanks {{name}}',
  body: 'Hello {{name}},\n\nAbout {{topic}}: we will call you.',
};

describe('acknowledgement mail', () => {
  it('fills the owner’s template from the lead’s fields, From the business’s name, Reply-To its address', () => {
    const mail = acknowledgementMail({ ...MAIL, data: { name: 'Ann', topic: 'the flat' } });
    expect(mail).toMatchObject({
      to: 'ann@example.com',
      replyTo: 'office@example.com',
      fromName: 'Acme Homes',
      subject: 'Thanks Ann',
    });
    expect(mail.text).toMatch(/^Hello Ann,\n\nAbout the flat: we will call you\.\n\n--\nYou get this email because/);
  });

  it('a visitor’s placeholders, line breaks and markup stay their text', () => {
    const mail = acknowledgementMail({
      ...MAIL,
      data: { name: '{{topic}}\r\nBcc: x@evil.example', topic: '<b>{{name}}</b>' },
    });
    expect(mail.subject).toBe('Thanks {{topic}} Bcc: x@evil.example');
    expect(mail.text).toContain('About <b>{{name}}</b>: we will call you.');
    expect(mail.html).toContain('About &#60;b&#62;{{name}}&#60;/b&#62;: we will call you.');
    expect(mail.html).not.toContain('<b>');
  });

  it('without a reply address there is no Reply-To; only text, numbers and booleans fill placeholders', () => {
    expect(acknowledgementMail({ ...MAIL, replyTo: null, data: {} })).not.toHaveProperty('replyTo');
    expect(templateDataOf({ name: 'Ann', age: 41, ok: true, nested: { a: 1 }, list: ['x'] })).toEqual({
      name: 'Ann',
      age: 41,
      ok: true,
    });
  });
});

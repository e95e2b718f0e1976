import { describe, expect, it } from 'vitest';
import {
  contactActionsOf,
  emailFieldValueOf,
  formatPhoneNumber,
  leadDialNumberOf,
  leadEmailOf,
  leadPhonesOf,
} from './contact.ts';

describe('leadEmailOf', () => {
  it('prefers a field named like an email', () => {
    expect(
      leadEmailOf({ note: 'cc boss@example.com', other: 'x@example.org', 'Your E-mail': ' ann@example.com ' }),
    ).toBe('ann@example.com');
  });

  it('falls back to the first value that is an address', () => {
    expect(leadEmailOf({ name: 'Bo', contact: 'bo@example.com' })).toBe('bo@example.com');
  });

  it('ignores a field named email that holds no address, and data without one', () => {
    expect(leadEmailOf({ email: 'call me' })).toBeNull();
    expect(leadEmailOf({ n: 3, ok: true })).toBeNull();
    expect(leadEmailOf(null)).toBeNull();
  });
});

describe('emailFieldValueOf', () => {
  it('is what was typed into a field named like an email, an address or not', () => {
    expect(emailFieldValueOf({ name: 'Ann', 'E-mail': ' ann@@example ' })).toBe('ann@@example');
    expect(emailFieldValueOf({ email: 'ann@example.com' })).toBe('ann@example.com');
    expect(emailFieldValueOf({ contact: 'ann@example.com', email: '' })).toBeNull();
  });
});

describe('leadPhonesOf', () => {
  it('reads a UK number written without a country code against the default country', () => {
    expect(leadPhonesOf({ phone: '07911 123456' }, 'GB')).toEqual([
      { field: 'phone', e164: '+447911123456', display: '+44 7911 123456' },
    ]);
  });

  it('reads a US number the same way, and one with its own code whatever the default', () => {
    expect(leadPhonesOf({ Tel: '(201) 555-0123' }, 'us').map((phone) => phone.e164)).toEqual(['+12015550123']);
    expect(leadPhonesOf({ mobile: '+44 7911 123456' }, 'US').map((phone) => phone.e164)).toEqual(['+447911123456']);
  });

  it('accepts a possible number in a field named like a phone, but only valid ones elsewhere', () => {
    // Ofcom's drama range: possible, never valid.
    expect(leadPhonesOf({ phone: '07700 900123' }, 'GB')).toHaveLength(1);
    expect(leadPhonesOf({ note: '07700 900123' }, 'GB')).toHaveLength(0);
    expect(leadPhonesOf({ order: '100045', total: 129.99 }, 'GB')).toEqual([]);
  });

  it('lists a number once', () => {
    expect(leadPhonesOf({ phone: '07911 123456', whatsapp: '+447911123456' }, 'GB')).toHaveLength(1);
  });
});

describe('contactActionsOf', () => {
  it('offers call, text and WhatsApp for a phone, reply for an email, open for a link', () => {
    const actions = contactActionsOf(
      {
        replySubject: 'Your inquiry to Acme',
        data: { phone: '07911 123456', email: 'ann@example.com', site: 'https://ann.example/portfolio' },
      },
      'GB',
    );
    expect(actions.map((action) => [action.kind, action.href])).toEqual([
      ['call', 'tel:+447911123456'],
      ['text', 'sms:+447911123456'],
      ['whatsapp', 'https://wa.me/447911123456'],
      ['email', 'mailto:ann@example.com?subject=Your%20inquiry%20to%20Acme'],
      ['link', 'https://ann.example/portfolio'],
    ]);
  });

  it('without a country, a number written without its code is called and texted as written, no WhatsApp', () => {
    const actions = contactActionsOf(
      { data: { Phone: '07911 123456', order: '0123 456 789' }, replySubject: 'Your inquiry' },
      null,
    );
    expect(actions.map(({ kind, href }) => [kind, href])).toEqual([
      ['call', 'tel:07911123456'],
      ['text', 'sms:07911123456'],
    ]);
    expect(contactActionsOf({ data: { Phone: '07911 123456' }, replySubject: 'Your inquiry' }, 'GB')[0]!.href).toBe(
      'tel:+447911123456',
    );
    expect(leadDialNumberOf({ Phone: '07911 123456' }, null)).toBe('07911123456');
    expect(leadDialNumberOf({ Phone: '07911 123456' }, 'GB')).toBe('+447911123456');
    expect(leadDialNumberOf({ note: 'call me' }, null)).toBeNull();
  });

  it('never makes a link out of another scheme', () => {
    expect(
      contactActionsOf({ replySubject: 'Your inquiry', data: { x: 'javascript:alert(1)', y: 'ftp://a.example' } }),
    ).toEqual([]);
  });
});

describe('formatPhoneNumber', () => {
  it('reads an international number as people write it, and leaves any other as dialled', () => {
    expect(formatPhoneNumber('+447911123456')).toBe('+44 7911 123456');
    expect(formatPhoneNumber('+15558675309')).toBe('+1 555 867 5309');
    expect(formatPhoneNumber('07911123456')).toBe('07911123456');
    expect(formatPhoneNumber('+12')).toBe('+12');
  });
});

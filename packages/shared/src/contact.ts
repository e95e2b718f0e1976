import { getCountries, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';

const EMAIL = z.email();
const EMAIL_FIELD = /e-?mail|courriel|correo/i;
const PHONE_FIELD = /phone|tel|mobile|cell|whats ?app|handy|t[ée]l[ée]phone|portable|m[oó]vil|celular|numero|number/i;
// Something a person typed as a phone number: digits with the usual separators, 7 to 15 digits.
const PHONE_LIKE = /^\+?[\d\s().\-/]{7,24}$/;
const LINK = /^https?:\/\/\S+$/i;
const LINK_URL = z.url({ protocol: /^https?$/ });

type LeadData = Record<string, unknown> | null | undefined;

export type LeadPhone = { field: string; e164: string; display: string };
export type LeadEmail = { field: string; address: string };

export type ContactActionKind = 'call' | 'text' | 'whatsapp' | 'email' | 'link';
/** A one-tap action on a lead (decision 024); `href` opens the phone's own app. */
export type ContactAction = { kind: ContactActionKind; label: string; href: string; value: string };

/** Whether `value` is one email address. */
export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.safeParse(value.trim()).success;
}

/** Every country whose phone numbers can be read: the choices for the entity's default country. */
export function phoneCountries(): CountryCode[] {
  return getCountries();
}

/** ISO 3166 alpha-2, upper case, when it names a country libphonenumber knows. */
export function countryCodeOf(value: string | null | undefined): CountryCode | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? (code as CountryCode) : undefined;
}

/**
 * Phone numbers in a lead's data. A field named like a phone (`phone`, `Tel`, `WhatsApp`…)
 * counts when its value could be a number of that length; any other field only when its value
 * looks like a phone number and is a valid one, so an order number is never offered as a call.
 * Numbers without a country code are read as the entity's default country's.
 */
export function leadPhonesOf(data: LeadData, defaultCountry?: string | null): LeadPhone[] {
  const country = countryCodeOf(defaultCountry);
  const phones: LeadPhone[] = [];
  for (const [field, value] of Object.entries(data ?? {})) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value).trim();
    if (!PHONE_LIKE.test(text)) continue;
    const parsed = parsePhoneNumberFromString(text, country);
    if (!parsed) continue;
    const isNamedPhone = PHONE_FIELD.test(field);
    if (isNamedPhone ? !parsed.isPossible() : !parsed.isValid()) continue;
    if (phones.some((phone) => phone.e164 === parsed.number)) continue;
    phones.push({ field, e164: parsed.number, display: parsed.formatInternational() });
  }
  return phones;
}

/**
 * Numbers in fields named like a phone that cannot be read without a country (`07911 123456`)
 * while the entity has none set: dialled as written, they still reach the lead from a phone in
 * the same country, so Call and Text work; WhatsApp needs the country code and is left out.
 */
function localPhonesOf(data: LeadData, defaultCountry?: string | null): Array<{ dial: string; display: string }> {
  if (countryCodeOf(defaultCountry)) return [];
  return Object.entries(data ?? {}).flatMap(([field, value]) => {
    const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
    if (!PHONE_FIELD.test(field) || !PHONE_LIKE.test(text) || text.startsWith('+')) return [];
    if (parsePhoneNumberFromString(text)) return [];
    return [{ dial: text.replace(/\D/g, ''), display: text }];
  });
}

/** The number a Call button dials: the first phone number in international form, else one as written. */
export function leadDialNumberOf(data: LeadData, defaultCountry?: string | null): string | null {
  return leadPhonesOf(data, defaultCountry)[0]?.e164 ?? localPhonesOf(data, defaultCountry)[0]?.dial ?? null;
}

/**
 * A number as people read it (`+447911123456` → `+44 7911 123456`); a number without its country
 * code, or that cannot be read, as written.
 */
export function formatPhoneNumber(value: string): string {
  const parsed = value.startsWith('+') ? parsePhoneNumberFromString(value) : undefined;
  return parsed ? parsed.formatInternational() : value;
}

/** Email addresses in a lead's data, fields named like one first. */
export function leadEmailsOf(data: LeadData): LeadEmail[] {
  const entries = Object.entries(data ?? {}).filter(([, value]) => isEmail(value));
  entries.sort(([a], [b]) => Number(EMAIL_FIELD.test(b)) - Number(EMAIL_FIELD.test(a)));
  const seen = new Set<string>();
  return entries.flatMap(([field, value]) => {
    const address = (value as string).trim();
    if (seen.has(address.toLowerCase())) return [];
    seen.add(address.toLowerCase());
    return [{ field, address }];
  });
}

/**
 * The lead's email address, to reply to: the value of a field named like one (`email`,
 * `E-mail`, `your-email`…) when it holds an address, else the first value that is an address.
 */
export function leadEmailOf(data: LeadData): string | null {
  return leadEmailsOf(data)[0]?.address ?? null;
}

/** What the visitor typed into a field named like an email address, valid or not (spam scoring). */
export function emailFieldValueOf(data: LeadData): string | null {
  for (const [field, value] of Object.entries(data ?? {}))
    if (EMAIL_FIELD.test(field) && typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/**
 * What can be done with a lead in one tap: call, text and WhatsApp each phone number (call and
 * text only for a number written without its country code while the entity has no country),
 * reply to each address (with `replySubject`, replies.ts's replySubjectOf), open each link. Hrefs
 * only ever use `tel:`, `sms:`, `mailto:`, `https://wa.me/` and the lead's own http(s) links.
 */
export function contactActionsOf(
  { data, replySubject }: { data: LeadData; replySubject: string },
  defaultCountry?: string | null,
): ContactAction[] {
  const actions: ContactAction[] = [];
  for (const phone of leadPhonesOf(data, defaultCountry)) {
    actions.push(
      { kind: 'call', label: `Call ${phone.display}`, href: `tel:${phone.e164}`, value: phone.display },
      { kind: 'text', label: `Text ${phone.display}`, href: `sms:${phone.e164}`, value: phone.display },
      {
        kind: 'whatsapp',
        label: `WhatsApp ${phone.display}`,
        href: `https://wa.me/${phone.e164.replace(/\D/g, '')}`,
        value: phone.display,
      },
    );
  }
  for (const phone of localPhonesOf(data, defaultCountry)) {
    actions.push(
      { kind: 'call', label: `Call ${phone.display}`, href: `tel:${phone.dial}`, value: phone.display },
      { kind: 'text', label: `Text ${phone.display}`, href: `sms:${phone.dial}`, value: phone.display },
    );
  }
  for (const { address } of leadEmailsOf(data)) {
    const subject = encodeURIComponent(replySubject);
    actions.push({
      kind: 'email',
      label: `Reply to ${address}`,
      href: `mailto:${address}?subject=${subject}`,
      value: address,
    });
  }
  for (const value of Object.values(data ?? {})) {
    const link = typeof value === 'string' ? value.trim() : '';
    if (!LINK.test(link) || !LINK_URL.safeParse(link).success) continue;
    const host = /^https?:\/\/(?:[^@/?#]*@)?([^/?#:]+)/i.exec(link)?.[1] ?? link;
    actions.push({ kind: 'link', label: `Open ${host}`, href: link, value: link });
  }
  return actions;
}

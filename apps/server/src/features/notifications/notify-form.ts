import { ATTRIBUTION_KEYS, ATTRIBUTION_VALUE_MAX, type Attribution } from '@leadbell/shared/lead-sources';
import {
  AttributionSchema,
  FORM_FIELD_ALIASES,
  FORM_FIELDS,
  FORM_SOURCE_FIELDS,
  NOTIFY_MESSAGE_MAX,
  NOTIFY_TITLE_MAX,
  NotificationUrlSchema,
  NotifyRequestSchema,
  TURNSTILE_FORM_FIELD,
} from '@leadbell/shared/notifications';
import { sanitizeText } from '@leadbell/shared/sanitize';
import { templateSyntaxError } from '@leadbell/shared/template';
import { fitLeadData, shortenText } from './fit-lead-data.ts';

const RESERVED = new Set<string>([
  ...Object.values(FORM_FIELDS),
  ...Object.values(FORM_FIELD_ALIASES),
  ...Object.values(FORM_SOURCE_FIELDS),
  TURNSTILE_FORM_FIELD,
]);
const TRUE_VALUES = new Set(['true', '1', 'on', 'yes']);

export type FormFields = Record<string, string>;

export type FormSubmission = {
  apiKey: string | null;
  redirect: string | null;
  isBot: boolean;
  /** Shaped like a JSON notify request, to be validated by the same schema. */
  input: Record<string, unknown>;
  /** Fields cut to their limits rather than refused (decision 021). */
  shortenedFields: string[];
};

/** Decodes an urlencoded body; a field sent several times (checkbox groups) keeps every value. */
export function parseFormBody(body: string): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(body)) {
    fields[name] = Object.hasOwn(fields, name) ? `${fields[name]}, ${value}` : value;
  }
  return fields;
}

/**
 * A form's `_title` or `_message` cut to its limit, or left out (the flow's own template is used)
 * when its placeholders are broken, which a cut can also do: JSON callers get a 400 for either.
 */
function fitTemplate(template: string | undefined, max: number): string | undefined {
  const fitted = template && shortenText(template, max);
  return fitted && templateSyntaxError(fitted) === null ? fitted : undefined;
}

const PageAddressSchema = NotifyRequestSchema.shape.pageUrl;

/**
 * Where a form's visitor came from, from the snippet's hidden fields (`text` reads one): an address
 * that is not one is left out and a long campaign value is cut, as a form's other fields are fitted.
 */
export function sourceInputOf(text: (name: string) => string | undefined): {
  pageUrl?: string;
  referrer?: string;
  attribution?: Attribution;
} {
  const address = (name: string) => {
    const parsed = PageAddressSchema.safeParse(text(name));
    return parsed.success ? parsed.data : undefined;
  };
  const attribution = AttributionSchema.safeParse(
    Object.fromEntries(
      ATTRIBUTION_KEYS.flatMap((key) => {
        const value = text(FORM_SOURCE_FIELDS[key]);
        return value ? [[key, value.slice(0, ATTRIBUTION_VALUE_MAX)]] : [];
      }),
    ),
  );
  return {
    pageUrl: address(FORM_SOURCE_FIELDS.pageUrl),
    referrer: address(FORM_SOURCE_FIELDS.referrer),
    attribution: attribution.success && Object.keys(attribution.data).length > 0 ? attribution.data : undefined,
  };
}

/**
 * Splits a posted form into the key, where to send the visitor next, and the notification. Only
 * `_`-prefixed fields (and the aliases no visitor field could mean) are ours: a visitor's own
 * `message` is data. A person cannot fix the form they are filling in, so what a JSON caller would
 * get a 400 for is fitted instead: long values are cut, an invalid `_url` or a broken template is
 * left out.
 */
export function formSubmissionOf(fields: FormFields): FormSubmission {
  const present = (name: string, options?: { multiline: boolean }) => {
    const value = Object.hasOwn(fields, name) ? sanitizeText(fields[name]!, options) : '';
    return value || undefined;
  };
  const reserved = (name: keyof typeof FORM_FIELDS) => {
    const alias = (FORM_FIELD_ALIASES as Partial<Record<keyof typeof FORM_FIELDS, string>>)[name];
    return present(FORM_FIELDS[name]) ?? (alias ? present(alias) : undefined);
  };
  const { data, shortenedFields } = fitLeadData(Object.entries(fields).filter(([name]) => !RESERVED.has(name)));
  const title = reserved('title');
  const message = present(FORM_FIELDS.message, { multiline: true });
  const url = reserved('url');
  const fitted = {
    title: fitTemplate(title, NOTIFY_TITLE_MAX),
    message: fitTemplate(message, NOTIFY_MESSAGE_MAX),
  };
  if (fitted.title && fitted.title !== title) shortenedFields.push(FORM_FIELDS.title);
  if (fitted.message && fitted.message !== message) shortenedFields.push(FORM_FIELDS.message);
  return {
    apiKey: reserved('apiKey') ?? null,
    redirect: reserved('redirect') ?? null,
    isBot: Boolean(reserved('honeypot')),
    shortenedFields,
    input: {
      flowId: reserved('flowId'),
      title: fitted.title,
      message: fitted.message,
      url: url && NotificationUrlSchema.safeParse(url).success ? url : undefined,
      fillToken: reserved('fillToken'),
      turnstileToken: present(TURNSTILE_FORM_FIELD),
      ...sourceInputOf((name) => present(name)),
      ...(TRUE_VALUES.has(reserved('test')?.toLowerCase() ?? '') && { test: true }),
      ...(Object.keys(data).length > 0 && { data }),
    },
  };
}

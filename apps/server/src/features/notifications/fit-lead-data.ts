import { NOTIFY_DATA_FIELDS_MAX, NOTIFY_MESSAGE_MAX } from '@leadbell/shared/notifications';
import { sanitizeText } from '@leadbell/shared/sanitize';

export type LeadData = Record<string, string | number | boolean>;

export const FIELD_NAME_MAX = 64;
/** Where the fields past the limit go, one `name: value` line each, so nothing a visitor typed is dropped. */
export const OTHER_FIELDS = 'Other fields';
const UNNAMED_FIELD = 'Unnamed field';
const ELLIPSIS = '…';

/** `text` cut to at most `max` UTF-16 units with an ellipsis, never splitting a character. */
export function shortenText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - ELLIPSIS.length;
  if (/[\ud800-\udbff]/.test(text[cut - 1] ?? '')) cut -= 1;
  return text.slice(0, cut) + ELLIPSIS;
}

/**
 * Fits what a form or a webhook sent into the limits a JSON caller would get a 400 for (decision
 * 021): a person cannot fix a form they are filling in, so the lead is kept and every change is
 * listed in `shortenedFields` for the owner to see. Values over the limit are cut, names over 64
 * characters are cut, and fields past the 50th are gathered into one "Other fields" value.
 */
export function fitLeadData(fields: Array<[string, string | number | boolean]>): {
  data: LeadData;
  shortenedFields: string[];
} {
  const data: LeadData = {};
  const shortened: string[] = [];
  const keptCount = fields.length > NOTIFY_DATA_FIELDS_MAX ? NOTIFY_DATA_FIELDS_MAX - 1 : fields.length;
  const cleaned = fields.map(([name, value]) => ({
    name: sanitizeText(name) || UNNAMED_FIELD,
    value: typeof value === 'string' ? sanitizeText(value, { multiline: true }) : value,
  }));
  for (const { name: cleanName, value: cleanValue } of cleaned.slice(0, keptCount)) {
    let name = shortenText(cleanName, FIELD_NAME_MAX);
    for (let copy = 2; Object.hasOwn(data, name) || name === OTHER_FIELDS; copy += 1) {
      name = shortenText(cleanName, FIELD_NAME_MAX - ` (${copy})`.length) + ` (${copy})`;
    }
    const value = typeof cleanValue === 'string' ? shortenText(cleanValue, NOTIFY_MESSAGE_MAX) : cleanValue;
    if (name !== cleanName || value !== cleanValue) shortened.push(name);
    data[name] = value;
  }
  const overflow = cleaned.slice(keptCount);
  if (overflow.length > 0) {
    data[OTHER_FIELDS] = shortenText(
      overflow.map(({ name, value }) => `${name}: ${String(value)}`).join('\n'),
      NOTIFY_MESSAGE_MAX,
    );
    shortened.push(OTHER_FIELDS);
  }
  return { data, shortenedFields: shortened };
}

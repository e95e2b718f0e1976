import type { FlowFields } from '@leadbell/shared/flows';
import { fieldKeyOf } from '@leadbell/shared/template';

/**
 * Placeholders no recent notification could fill: none of the flow's latest notifications had a
 * field of that name (matched as templates match: case and spacing ignored). Nothing to say
 * before the flow has any notification.
 */
export function unfilledPlaceholders(placeholders: readonly string[], fields: FlowFields): string[] {
  if (fields.sampleSize === 0) return [];
  const seen = new Set(fields.fields.map((field) => fieldKeyOf(field.name)));
  return placeholders.filter((placeholder) => !seen.has(fieldKeyOf(placeholder)));
}

/** "name, email, phone" of the fields seen, at most `limit` of them, then "…". */
export function seenFieldList(fields: FlowFields, limit = 12): string {
  const names = fields.fields.map((field) => field.name);
  return names.length > limit ? `${names.slice(0, limit).join(', ')}…` : names.join(', ');
}

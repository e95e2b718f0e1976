/** Values a website may send to fill a flow's `{{placeholders}}`. */
export type TemplateData = Record<string, string | number | boolean | null>;

// A name is what forms call their fields: letters (any script), digits, spaces and `_ . - ' ?`.
// It must start and end with something other than a space, so `{{ two words }}` is the
// placeholder "two words" and `{{}}` stays text.
const PLACEHOLDER = /\{\{\s*([\p{L}\p{N}_.\-'?](?:[\p{L}\p{N}_.\-'? ]*[\p{L}\p{N}_.\-'?])?)\s*\}\}/gu;

/**
 * The form of a field name placeholders are matched by: case, surrounding spaces and repeated
 * spaces do not matter, so `{{first name}}` fills from a form's `First Name` field.
 */
export function fieldKeyOf(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/** The data looked up by field key; the first field wins when two names differ only in case. */
function byFieldKey(data: TemplateData): Map<string, TemplateData[string]> {
  const values = new Map<string, TemplateData[string]>();
  for (const name of Object.keys(data)) {
    const key = fieldKeyOf(name);
    if (!values.has(key)) values.set(key, data[name]!);
  }
  return values;
}

/**
 * Fills `{{name}}` placeholders from `data`, matching names by field key (fieldKeyOf). Unknown
 * placeholders become empty text so a website that omits a field never shows raw braces on the
 * owner's phone.
 */
export function renderTemplate(template: string, data: TemplateData = {}): string {
  // Own keys only, so `{{constructor}}` never prints Object's source.
  const values = byFieldKey(data);
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values.get(fieldKeyOf(name));
    return value === undefined || value === null ? '' : String(value);
  });
}

/** Placeholder names used by a template, as written, once per field key, in order of first appearance. */
export function templateVariables(template: string): string[] {
  const seen = new Map<string, string>();
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1]!.replace(/\s+/g, ' ');
    if (!seen.has(fieldKeyOf(name))) seen.set(fieldKeyOf(name), name);
  }
  return [...seen.values()];
}

/**
 * Data fields none of the templates names: the 202 answer lists them so a developer sees at once
 * why a field does not show in the notification (usually a spelling difference).
 */
export function unusedDataFields(templates: string[], data: TemplateData = {}): string[] {
  const used = new Set(templates.flatMap(templateVariables).map(fieldKeyOf));
  return Object.keys(data).filter((name) => !used.has(fieldKeyOf(name)));
}

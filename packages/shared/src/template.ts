/** Values a website may send to fill a flow's `{{placeholders}}`. */
export type TemplateData = Record<string, string | number | boolean | null>;

// A name is what forms call their fields: letters (any script), digits, spaces and `_ . - ' ?`.
// It must start and end with something other than a space, so `{{ two words }}` is the
// placeholder "two words" and `{{}}` stays text. The renderer and the syntax check share these,
// so a template the check accepts is filled in full.
const NAME_CHARACTERS = String.raw`\p{L}\p{N}_.\-'?`;
const NAME = `[${NAME_CHARACTERS}](?:[${NAME_CHARACTERS} ]*[${NAME_CHARACTERS}])?`;
const PLACEHOLDER = new RegExp(String.raw`\{\{\s*(${NAME})\s*\}\}`, 'gu');
const IN_NAME = new RegExp(`^[${NAME_CHARACTERS} ]$`, 'u');

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

/**
 * The first thing in a template's placeholder syntax that the renderer would print raw rather
 * than fill: `at` is the 1-based character position of the `{{` left unclosed, the `}}` never
 * opened, the `{{` of an empty placeholder, or the character a name cannot contain.
 */
export type TemplateSyntaxError =
  { problem: 'unclosed' | 'unopened' | 'empty'; at: number } | { problem: 'character'; at: number; character: string };

/** Checks a template's `{{placeholders}}` against what renderTemplate fills; null when all are fillable. */
export function templateSyntaxError(template: string): TemplateSyntaxError | null {
  // Positions count code points rather than UTF-16 units, so an emoji counts once, as people count it.
  const at = (index: number) => Array.from(template.slice(0, index)).length + 1;
  let from = 0;
  while (true) {
    const open = template.indexOf('{{', from);
    const close = template.indexOf('}}', from);
    if (close !== -1 && (open === -1 || close < open)) return { problem: 'unopened', at: at(close) };
    if (open === -1) return null;
    const end = template.indexOf('}}', open + 2);
    const inner = end === -1 ? '' : template.slice(open + 2, end);
    if (end === -1 || inner.includes('{{')) return { problem: 'unclosed', at: at(open) };
    const nameStart = open + 2 + /^\s*/.exec(inner)![0].length;
    const name = template.slice(nameStart, end).replace(/\s+$/, '');
    if (name === '') return { problem: 'empty', at: at(open) };
    let offset = 0;
    for (const character of name) {
      if (!IN_NAME.test(character)) return { problem: 'character', at: at(nameStart + offset), character };
      offset += character.length;
    }
    from = end + 2;
  }
}

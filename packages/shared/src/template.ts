/** Values a website may send to fill a flow's `{{placeholders}}`. */
export type TemplateData = Record<string, string | number | boolean | null>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/**
 * Fills `{{name}}` placeholders from `data`. Unknown placeholders become empty text so a
 * website that omits a field never shows raw braces on the owner's phone.
 */
export function renderTemplate(template: string, data: TemplateData = {}): string {
  return template.replace(PLACEHOLDER, (_match, key: string) => {
    // Only the website's own fields: `{{constructor}}` must not print Object's source.
    const value = Object.hasOwn(data, key) ? data[key] : undefined;
    return value === undefined || value === null ? '' : String(value);
  });
}

/** Placeholder names used by a template, in order of first appearance. */
export function templateVariables(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (match) => match[1] as string))];
}

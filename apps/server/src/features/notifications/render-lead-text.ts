import {
  fieldKeyOf,
  renderTemplate,
  templateVariables,
  unusedDataFields,
  type TemplateData,
} from '@leadbell/shared/template';

/** A template cut at its placeholders: `texts` around them, and each placeholder's field key. */
type CompiledTemplate = { texts: string[]; keys: string[] };

export type LeadText = { title: string; message: string; unusedFields: string[] };

export type LeadTextRenderer = {
  /** renderTemplate of both templates and unusedDataFields of the pair, in one pass over `data`. */
  render: (titleTemplate: string, messageTemplate: string, data: TemplateData) => LeadText;
};

// A flow's templates are few and each is rendered for every lead; a request's own title or
// message can be anything, so the cache is emptied when full rather than grown.
const MAX_COMPILED = 1_000;
// Marks each placeholder, by its field's index, while a template is compiled; a template that
// contains it is not compiled.
const MARK = '\u0000';

/**
 * Cuts a template at its placeholders by rendering it once with a mark for each of its fields, so
 * the placeholder grammar stays renderTemplate's own (packages/shared/src/template.ts). Null for a
 * template that already contains the mark.
 */
function compile(template: string): CompiledTemplate | null {
  if (template.includes(MARK)) return null;
  const names = templateVariables(template);
  const marked = renderTemplate(
    template,
    Object.fromEntries(names.map((name, index) => [name, `${MARK}${index}${MARK}`])),
  );
  // Text, index, text, index, …, text: each placeholder was rendered as MARK index MARK.
  const parts = marked.split(MARK);
  const texts: string[] = [];
  const keys: string[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    if (index % 2 === 0) texts.push(parts[index]!);
    else keys.push(fieldKeyOf(names[Number(parts[index])]!));
  }
  return { texts, keys };
}

function fill({ texts, keys }: CompiledTemplate, values: Map<string, TemplateData[string]>): string {
  let text = texts[0]!;
  for (let index = 0; index < keys.length; index += 1) {
    const value = values.get(keys[index]!);
    text += (value === undefined || value === null ? '' : String(value)) + texts[index + 1]!;
  }
  return text;
}

/**
 * A lead's title, message and unused data fields, exactly as renderTemplate and unusedDataFields
 * give them, from templates compiled once (issue 23: parsing both templates for every lead, three
 * times over, cost more than filling them).
 */
export function createLeadTextRenderer(): LeadTextRenderer {
  const compiled = new Map<string, CompiledTemplate | null>();

  function compiledOf(template: string): CompiledTemplate | null {
    let found = compiled.get(template);
    if (found === undefined) {
      if (compiled.size >= MAX_COMPILED) compiled.clear();
      found = compile(template);
      compiled.set(template, found);
    }
    return found;
  }

  return {
    render(titleTemplate, messageTemplate, data) {
      const title = compiledOf(titleTemplate);
      const message = compiledOf(messageTemplate);
      if (!title || !message) {
        return {
          title: renderTemplate(titleTemplate, data),
          message: renderTemplate(messageTemplate, data),
          unusedFields: unusedDataFields([titleTemplate, messageTemplate], data),
        };
      }
      // The first field wins when two names differ only in case (renderTemplate's rule).
      const values = new Map<string, TemplateData[string]>();
      const unusedFields: string[] = [];
      for (const name of Object.keys(data)) {
        const key = fieldKeyOf(name);
        if (!values.has(key)) values.set(key, data[name]!);
        if (!title.keys.includes(key) && !message.keys.includes(key)) unusedFields.push(name);
      }
      return { title: fill(title, values), message: fill(message, values), unusedFields };
    },
  };
}

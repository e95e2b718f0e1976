import { describe, expect, it } from 'vitest';
import { renderTemplate, unusedDataFields, type TemplateData } from '@leadbell/shared/template';
import { createLeadTextRenderer } from './render-lead-text.ts';

const TEMPLATES = [
  'New lead: {{name}}',
  '{{name}} wrote: {{question}}',
  'No placeholders at all',
  '',
  '{{name}}{{name}} and {{ NAME }} again',
  '{{ first   name }} / {{First Name}} / {{first name}}',
  'Unknown {{nobody}} stays empty',
  'Not placeholders: {{}} {{ }} {{ a}b }} }} {{',
  '{{constructor}} {{__proto__}} {{toString}}',
  "Ünïcode {{prénom}} {{名前}} {{e-mail}} {{what?}} {{o'brien}}",
  'Dollars $& $1 {{price}} $$',
  'A mark \u0000 in the text {{name}}',
  'A mark with digits \u00001\u0000 {{name}}',
  '{{a.b}} {{a_b}} {{1}}',
];

const DATA: TemplateData[] = [
  {},
  { name: 'Ann Lee', phone: '+1 555 0100', question: 'Is it available?' },
  { Name: 'first', name: 'second', NAME: 'third' },
  { 'First Name': 'Ann', 'first  name': 'Bea' },
  { name: null, question: 0, price: '$& $1', answer: false },
  { prénom: 'Zoé', 名前: '花子', 'e-mail': 'a@b.c', 'what?': true, "o'brien": 'Pat', extra: 'x' },
  { constructor: 'c', __proto__: 'p', toString: 't' } as TemplateData,
  { 'a.b': 1.5, a_b: -2, 1: 'one' },
];

describe('lead text', () => {
  it('lead text › renders and lists unused fields exactly as renderTemplate and unusedDataFields do', () => {
    const renderer = createLeadTextRenderer();
    // Twice over: the first pass compiles, the second reads the compiled templates.
    for (let pass = 0; pass < 2; pass += 1) {
      for (const title of TEMPLATES) {
        for (const message of TEMPLATES) {
          for (const data of DATA) {
            expect(renderer.render(title, message, data)).toEqual({
              title: renderTemplate(title, data),
              message: renderTemplate(message, data),
              unusedFields: unusedDataFields([title, message], data),
            });
          }
        }
      }
    }
  });

  it('lead text › keeps rendering correctly once its cache of compiled templates has been emptied', () => {
    const renderer = createLeadTextRenderer();
    const data = { name: 'Ann', question: 'Open?' };
    for (let index = 0; index < 2_500; index += 1) {
      const title = `Lead ${index}: {{name}}`;
      expect(renderer.render(title, '{{question}}', data)).toEqual({
        title: `Lead ${index}: Ann`,
        message: 'Open?',
        unusedFields: [],
      });
    }
  });
});

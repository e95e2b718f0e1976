import { describe, expect, it } from 'vitest';
import { fieldKeyOf, renderTemplate, templateSyntaxError, templateVariables, unusedDataFields } from './template.ts';

describe('renderTemplate', () => {
  it('fills placeholders from data', () => {
    expect(renderTemplate('New lead: {{name}} ({{email}})', { name: 'Ann', email: 'ann@example.com' })).toBe(
      'New lead: Ann (ann@example.com)',
    );
  });

  it('allows spaces inside the braces', () => {
    expect(renderTemplate('Hi {{ name }} and {{name  }}', { name: 'Bo' })).toBe('Hi Bo and Bo');
  });

  it('turns unknown placeholders and null values into empty text', () => {
    expect(renderTemplate('[{{missing}}] [{{empty}}]', { empty: null })).toBe('[] []');
    expect(renderTemplate('{{name}} wrote', undefined)).toBe(' wrote');
  });

  it('writes numbers and booleans as text, zero and false included', () => {
    expect(renderTemplate('{{count}} {{zero}} {{yes}} {{no}}', { count: 3.5, zero: 0, yes: true, no: false })).toBe(
      '3.5 0 true false',
    );
  });

  it('fills every occurrence of a placeholder', () => {
    expect(renderTemplate('{{a}}-{{a}}-{{a}}', { a: 'x' })).toBe('x-x-x');
  });

  it('accepts names with letters, digits, underscores, dots and hyphens', () => {
    expect(renderTemplate('{{user.first_name}} {{x-1}}', { 'user.first_name': 'Ann', 'x-1': 'one' })).toBe('Ann one');
  });

  it('leaves text that is not a placeholder alone', () => {
    expect(renderTemplate('{{}} {name} {{ }} {{a {{x}y}}', { name: 'x', a: 'y', x: 'z' })).toBe(
      '{{}} {name} {{ }} {{a {{x}y}}',
    );
  });

  it('fills names the way forms write them: spaces, any case, any script', () => {
    const data = { 'First Name': 'Ann', 'E-mail': 'ann@example.com', Téléphone: '+33 1 23', 'Your question?': 'Hi' };
    expect(
      renderTemplate(
        '{{First Name}} {{first name}} {{ FIRST   NAME }} {{e-mail}} {{téléphone}} {{Your question?}}',
        data,
      ),
    ).toBe('Ann Ann Ann ann@example.com +33 1 23 Hi');
  });

  it('uses the first of two fields that differ only in case', () => {
    expect(renderTemplate('{{name}}', { Name: 'first', name: 'second' })).toBe('first');
  });

  it('does not expand placeholders inside values, nor treat $ patterns specially', () => {
    expect(renderTemplate('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}');
    expect(renderTemplate('{{price}}', { price: "$& $1 $' $$" })).toBe("$& $1 $' $$");
  });

  it('does not read inherited properties of the data object', () => {
    expect(renderTemplate('[{{constructor}}] [{{toString}}]', {})).toBe('[] []');
  });
});

describe('templateVariables', () => {
  it('keeps names as written, once per field key', () => {
    expect(templateVariables('{{First  Name}} {{first name}} {{Email}}')).toEqual(['First Name', 'Email']);
  });

  it('lists placeholder names once each, in order of first appearance', () => {
    expect(templateVariables('{{name}} wrote {{ question }} to {{name}} at {{time}}')).toEqual([
      'name',
      'question',
      'time',
    ]);
  });

  it('is empty for a template without placeholders', () => {
    expect(templateVariables('Plain text {not one}')).toEqual([]);
  });
});

describe('fieldKeyOf', () => {
  it('ignores case, surrounding spaces and repeated spaces', () => {
    expect(fieldKeyOf('  First   Name ')).toBe('first name');
  });
});

describe('unusedDataFields', () => {
  it('lists the data fields no template names, in the order sent', () => {
    expect(
      unusedDataFields(['New lead: {{First Name}}', '{{question}}'], {
        'first name': 'Ann',
        email: 'a@b.c',
        question: 'Hi',
        phone: '1',
      }),
    ).toEqual(['email', 'phone']);
  });

  it('is empty without data', () => {
    expect(unusedDataFields(['{{a}}'])).toEqual([]);
  });
});

describe('templateSyntaxError', () => {
  it("accepts every name the renderer fills: spaces, any case, any script, _ . - ' ?", () => {
    for (const template of [
      'Plain text, {single} braces and a trailing } brace',
      'New lead: {{name}} ({{ email }})',
      "{{First Name}} {{ FIRST   NAME }} {{téléphone}} {{Your question?}} {{user.first_name}} {{x-1}} {{O'Brien}}",
      '{{名前}} {{2nd line}}\n{{ name\t}}',
      '{{name}}} is one placeholder and a brace',
    ]) {
      expect(templateSyntaxError(template), template).toBeNull();
      // What the check accepts, the renderer fills in full: no braces pair is left to print raw.
      const data = Object.fromEntries(templateVariables(template).map((name) => [name, 'x']));
      expect(renderTemplate(template, data), template).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('finds an opening {{ without its closing }}, at its 1-based character', () => {
    expect(templateSyntaxError('New lead: {{name}} {{phone')).toEqual({ problem: 'unclosed', at: 20 });
    expect(templateSyntaxError('{{')).toEqual({ problem: 'unclosed', at: 1 });
    expect(templateSyntaxError('{{name {{phone}}')).toEqual({ problem: 'unclosed', at: 1 });
  });

  it('finds a }} without an opening {{', () => {
    expect(templateSyntaxError('New lead: name}}')).toEqual({ problem: 'unopened', at: 15 });
    expect(templateSyntaxError('{{name}} }}')).toEqual({ problem: 'unopened', at: 10 });
  });

  it('finds an empty placeholder', () => {
    expect(templateSyntaxError('Hi {{}}')).toEqual({ problem: 'empty', at: 4 });
    expect(templateSyntaxError('Hi {{name}} {{  }}')).toEqual({ problem: 'empty', at: 13 });
  });

  it('finds a name with a brace or another character the renderer does not fill, at that character', () => {
    expect(templateSyntaxError('{{{name}}')).toEqual({ problem: 'character', at: 3, character: '{' });
    expect(templateSyntaxError('{{na}me}}')).toEqual({ problem: 'character', at: 5, character: '}' });
    expect(templateSyntaxError('Hi {{ name! }}')).toEqual({ problem: 'character', at: 11, character: '!' });
    expect(templateSyntaxError('{{first\nname}}')).toEqual({ problem: 'character', at: 8, character: '\n' });
  });

  it('counts a character outside the BMP once', () => {
    expect(templateSyntaxError('🔔 {{name')).toEqual({ problem: 'unclosed', at: 3 });
  });
});

import { describe, expect, it } from 'vitest';
import { renderTemplate, templateVariables } from './template.ts';

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
    expect(renderTemplate('{{}} {name} {{ two words }} {{a', { name: 'x', a: 'y' })).toBe(
      '{{}} {name} {{ two words }} {{a',
    );
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

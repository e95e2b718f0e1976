import { describe, expect, it } from 'vitest';
import { FlowInputSchema } from './flows.ts';

const valid = { name: 'Contact form', title: 'New lead: {{name}}', message: '{{name}} wrote: {{question}}' };

function messagesOf(value: unknown): Record<string, string[]> {
  const result = FlowInputSchema.safeParse(value);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}

describe('spec section 5 › flow', () => {
  it("says 'Please enter valid Name' below 3 characters", () => {
    expect(messagesOf({ ...valid, name: 'ab' })).toEqual({ name: ['Please enter valid Name'] });
  });

  it('says what to enter when a field is empty or missing (decision 043)', () => {
    expect(messagesOf({ ...valid, name: undefined })).toEqual({ name: ['Please enter a name for the flow.'] });
    expect(messagesOf({ ...valid, name: '  ' })).toEqual({ name: ['Please enter a name for the flow.'] });
    expect(messagesOf({ ...valid, title: '' })).toEqual({ title: ['Please enter the title your phone shows.'] });
    expect(messagesOf({ ...valid, message: '' })).toEqual({ message: ['Please enter the message your phone shows.'] });
  });

  it("says 'Please enter valid Title' below 3 characters", () => {
    expect(messagesOf({ ...valid, title: ' ab ' })).toEqual({ title: ['Please enter valid Title'] });
  });

  it("says 'Please enter valid Message' below 10 characters", () => {
    expect(messagesOf({ ...valid, message: '123456789' })).toEqual({ message: ['Please enter valid Message'] });
    expect(messagesOf({ ...valid, message: '1234567890' })).toEqual({});
  });

  it('caps name, title and message at 100, 200 and 2000 characters', () => {
    expect(messagesOf({ name: 'n'.repeat(101), title: 't'.repeat(201), message: 'm'.repeat(2001) })).toEqual({
      name: ['Name must be 100 characters or less.'],
      title: ['Title must be 200 characters or less.'],
      message: ['Message must be 2000 characters or less.'],
    });
    expect(messagesOf({ name: 'n'.repeat(100), title: 't'.repeat(200), message: 'm'.repeat(2000) })).toEqual({});
  });

  it('sanitises every field; only the message keeps line breaks', () => {
    expect(
      FlowInputSchema.parse({
        name: ' Contact\nform ',
        title: '\tNew lead\u0000 ',
        message: ' Line one\nLine two\u0007 ',
      }),
    ).toEqual({
      name: 'Contactform',
      title: 'New lead',
      message: 'Line one\nLine two',
    });
  });
});

describe('flow › placeholder syntax', () => {
  it('refuses broken placeholders in the title and the message, naming the character', () => {
    expect(messagesOf({ ...valid, title: 'New lead: {{name}} {{phone' })).toEqual({
      title: ['Title has an unclosed {{ at character 20.'],
    });
    expect(messagesOf({ ...valid, title: 'New lead: name}}', message: 'Hello {{ }}, you wrote' })).toEqual({
      title: ['Title has a }} without an opening {{ at character 15.'],
      message: ['Message has an empty placeholder {{ }} at character 7.'],
    });
    expect(messagesOf({ ...valid, message: '{{name}} wrote: {{{question}}' })).toEqual({
      message: ['Message has “{” at character 19, which a placeholder name cannot contain.'],
    });
    expect(messagesOf({ ...valid, message: 'Call {{first\nname}} back' })).toEqual({
      message: ['Message has a line break at character 13, which a placeholder name cannot contain.'],
    });
  });

  it('accepts the names forms use, and positions count after trimming, as the form shows the value', () => {
    expect(messagesOf({ ...valid, title: '{{First Name}} {{ téléphone }} {{e-mail}} {{Your question?}}' })).toEqual({});
    expect(messagesOf({ ...valid, title: '   {{name' })).toEqual({
      title: ['Title has an unclosed {{ at character 1.'],
    });
  });
});

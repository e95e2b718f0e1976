import { describe, expect, it } from 'vitest';
import { formatOutcomeValue, LeadNoteInputSchema, LeadOutcomeInputSchema, outcomeText } from './lead-notes-outcomes.ts';

function fieldsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('lead notes and outcomes', () => {
  it('a note is trimmed, never empty, at most 2,000 characters', () => {
    expect(LeadNoteInputSchema.parse({ text: '  Call back\nMonday  ' })).toEqual({ text: 'Call back\nMonday' });
    expect(fieldsOf(LeadNoteInputSchema.safeParse({ text: ' \n ' }))).toEqual({ text: 'Write a note.' });
    expect(fieldsOf(LeadNoteInputSchema.safeParse({ text: 'x'.repeat(2001) }))).toEqual({
      text: 'A note must be 2,000 characters or less.',
    });
  });

  it('a value goes with won only, in cents at most; a reason with lost only', () => {
    expect(LeadOutcomeInputSchema.parse({ outcome: 'won', value: 1200.5, note: '  ' })).toEqual({
      outcome: 'won',
      value: 1200.5,
      note: null,
    });
    expect(LeadOutcomeInputSchema.parse({ outcome: 'won', value: 0.29 }).value).toBe(0.29);
    expect(fieldsOf(LeadOutcomeInputSchema.safeParse({ outcome: 'won', value: 10.001 }))).toEqual({
      value: 'The value can have at most 2 decimals.',
    });
    expect(fieldsOf(LeadOutcomeInputSchema.safeParse({ outcome: 'won', value: 1e-7 }))).toEqual({
      value: 'The value can have at most 2 decimals.',
    });
    expect(fieldsOf(LeadOutcomeInputSchema.safeParse({ outcome: 'no_answer', value: 5 }))).toEqual({
      value: 'A value goes with a won lead only.',
    });
    expect(fieldsOf(LeadOutcomeInputSchema.safeParse({ outcome: 'won', reason: 'price' }))).toEqual({
      reason: 'A reason goes with a lost lead only.',
    });
    expect(LeadOutcomeInputSchema.parse({ outcome: 'lost', reason: 'price', value: null })).toMatchObject({
      outcome: 'lost',
      reason: 'price',
    });
  });

  it('says an outcome in a few words, in the entity’s currency', () => {
    expect(outcomeText({ outcome: 'won', value: 1200, reason: null }, 'USD')).toBe('Won · $1,200');
    expect(outcomeText({ outcome: 'won', value: 99.5, reason: null }, 'EUR')).toBe('Won · €99.50');
    expect(outcomeText({ outcome: 'won', value: null, reason: null }, 'USD')).toBe('Won');
    expect(outcomeText({ outcome: 'lost', value: null, reason: 'not_a_fit' }, 'USD')).toBe('Lost: not a fit');
    expect(outcomeText({ outcome: 'no_answer', value: null, reason: null }, 'USD')).toBe('No answer');
    expect(formatOutcomeValue(1500, 'XYZ1')).toBe('1,500 XYZ1');
  });
});

import { z } from 'zod';
import { LEAD_OUTCOMES, LOST_REASONS, type LeadOutcome, type LostReason } from './leads.ts';

/** An entity's currency until its owner chooses one. */
export const DEFAULT_CURRENCY = 'USD';

export const LEAD_NOTE_MAX = 2000;
export const OUTCOME_NOTE_MAX = 500;
/** The largest value `notifications.outcome_value` (numeric(14,2)) holds. */
export const OUTCOME_VALUE_MAX = 999_999_999_999.99;

/** `POST /v1/leads/:id/notes`: a note for the team, plain text, line breaks kept. */
export const LeadNoteInputSchema = z.object({
  text: z
    .string({ error: 'Write a note.' })
    .trim()
    .min(1, 'Write a note.')
    .max(LEAD_NOTE_MAX, `A note must be ${LEAD_NOTE_MAX.toLocaleString('en')} characters or less.`),
});
export type LeadNoteInput = z.infer<typeof LeadNoteInputSchema>;

/**
 * `PUT /v1/leads/:id/outcome`: a value only with won, a reason only with lost, a note with any;
 * `done` closes the lead in the same step, as "Done" would (issue 49: the console sends it with
 * Won and Lost unless the person unticks it).
 */
export const LeadOutcomeInputSchema = z
  .object({
    outcome: z.enum(LEAD_OUTCOMES, { error: 'Outcome must be won, lost or no_answer.' }),
    done: z.boolean({ error: 'Done must be true or false.' }).optional(),
    value: z
      .number({ error: 'The value must be a number.' })
      .min(0, 'The value cannot be negative.')
      .max(OUTCOME_VALUE_MAX, 'The value must be less than 1,000,000,000,000.')
      // Cents at most: the column keeps two decimals, and a third would be silently rounded.
      .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), 'The value can have at most 2 decimals.')
      .nullish(),
    reason: z.enum(LOST_REASONS, { error: `Reason must be one of ${LOST_REASONS.join(', ')}.` }).nullish(),
    note: z
      .string({ error: 'The note must be text.' })
      .trim()
      .max(OUTCOME_NOTE_MAX, `The note must be ${OUTCOME_NOTE_MAX} characters or less.`)
      .nullish()
      .transform((note) => note || null),
  })
  .superRefine((input, context) => {
    if (input.value != null && input.outcome !== 'won')
      context.addIssue({ code: 'custom', path: ['value'], message: 'A value goes with a won lead only.' });
    if (input.reason != null && input.outcome !== 'lost')
      context.addIssue({ code: 'custom', path: ['reason'], message: 'A reason goes with a lost lead only.' });
  });
export type LeadOutcomeInput = z.infer<typeof LeadOutcomeInputSchema>;

export const LEAD_OUTCOME_LABELS: Record<LeadOutcome, string> = {
  won: 'Won',
  lost: 'Lost',
  no_answer: 'No answer',
};

export const LOST_REASON_LABELS: Record<LostReason, string> = {
  price: 'Price',
  competitor: 'Went with a competitor',
  not_a_fit: 'Not a fit',
  timing: 'Timing',
  no_reply: 'Stopped replying',
  other: 'Other',
};

/**
 * An amount in the entity's currency, whole amounts without cents (`$1,200`, `€1,200.50`); a
 * currency code Intl does not know is written after the number.
 */
export function formatOutcomeValue(value: number, currency: string, locale = 'en'): string {
  const fractionDigits = Number.isInteger(value) ? 0 : 2;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(value);
  } catch {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits }).format(value)} ${currency}`;
  }
}

/** An outcome in a few words, for the timeline and a badge: `Won · $1,200`, `Lost: price`, `No answer`. */
export function outcomeText(
  { outcome, value, reason }: { outcome: LeadOutcome; value: number | null; reason: LostReason | null },
  currency: string,
): string {
  if (outcome === 'won' && value !== null) return `Won · ${formatOutcomeValue(value, currency)}`;
  if (outcome === 'lost' && reason !== null) return `Lost: ${LOST_REASON_LABELS[reason].toLowerCase()}`;
  return LEAD_OUTCOME_LABELS[outcome];
}

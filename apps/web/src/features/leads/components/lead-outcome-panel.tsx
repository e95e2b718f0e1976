import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatOutcomeValue,
  outcomeText,
  LEAD_OUTCOME_LABELS,
  LeadOutcomeInputSchema,
  LOST_REASON_LABELS,
  OUTCOME_NOTE_MAX,
  type LeadOutcomeInput,
} from '@leadbell/shared/lead-notes-outcomes';
import { LEAD_OUTCOMES, LOST_REASONS, type LeadDetail } from '@leadbell/shared/leads';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { clearLeadOutcome } from '../api/clear-lead-outcome.ts';
import { leadQueryKey } from '../api/get-lead.ts';
import { LEADS_QUERY_KEY } from '../api/get-leads.ts';
import { setLeadOutcome } from '../api/set-lead-outcome.ts';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { LeadOutcomeBadge } from './lead-outcome-badge.tsx';

type OutcomeFormValues = z.input<typeof LeadOutcomeInputSchema>;

/** The card at once (its timeline too), and the inbox's rows, their outcome filter and the tabs' counts. */
async function refreshLead(queryClient: QueryClient, leadId: string) {
  await queryClient.invalidateQueries({ queryKey: leadQueryKey(leadId) });
  void queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY });
}

/**
 * The form's starting values: the lead's outcome when editing it, nothing chosen otherwise; Won
 * and Lost close a lead still open or claimed unless the person unticks it (issue 49).
 */
function valuesOf(lead: LeadDetail): DefaultValues<OutcomeFormValues> {
  const outcome = lead.outcome;
  return {
    outcome: outcome?.outcome,
    value: outcome?.value ?? null,
    reason: outcome?.reason ?? null,
    note: outcome?.note ?? '',
    done: lead.status !== 'done',
  };
}

/** Won and Lost end the conversation, so they offer to close the lead in the same step. */
function offersDone(outcome: string | undefined, lead: LeadDetail): boolean {
  return (outcome === 'won' || outcome === 'lost') && lead.status !== 'done';
}

/** The currency's symbol or code as a field's prefix: `$`, `€`, `CHF`. */
function currencySymbolOf(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * What became of the lead (issue 26): Won (with what it was worth, in the entity's currency), Lost
 * (why) or No answer, with a short note; shown once set, editable and clearable. By itself not a
 * response; Won and Lost also mark the lead done unless unticked (issue 49). Spam has no outcome.
 */
export function LeadOutcomePanel({ lead, viewerId }: { lead: LeadDetail; viewerId: string }) {
  return (
    <>
      <OutcomeState lead={lead} viewerId={viewerId} />
      {/* What the panel now says, for screen readers, whoever changed it. */}
      <p role="status" className="sr-only">
        {lead.outcome ? `Outcome: ${outcomeText(lead.outcome, lead.currency)}` : ''}
      </p>
    </>
  );
}

function OutcomeState({ lead, viewerId }: { lead: LeadDetail; viewerId: string }) {
  const queryClient = useQueryClient();
  const [isEditing, setIsEditing] = useState(false);
  const clear = useMutation({
    mutationFn: () => clearLeadOutcome(lead.id),
    onSuccess: () => refreshLead(queryClient, lead.id),
  });

  function startEditing() {
    clear.reset();
    setIsEditing(true);
  }

  if (lead.status === 'spam')
    return <p className="text-sm text-slate-500">Spam has no outcome. Mark it as not spam to record one.</p>;

  if (lead.outcome && !isEditing) {
    const { outcome } = lead;
    return (
      <div className="grid gap-3">
        <div className="grid gap-1.5">
          <span>
            <LeadOutcomeBadge outcome={outcome} currency={lead.currency} />
          </span>
          {outcome.note ? (
            <p dir="auto" className="text-sm whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
              {outcome.note}
            </p>
          ) : null}
          <p className="text-xs text-slate-500">
            Set by{' '}
            {outcome.setBy ? (outcome.setBy.userId === viewerId ? 'you' : outcome.setBy.name) : 'someone who left'}{' '}
            <RelativeTime at={outcome.setAt} />
          </p>
        </div>
        {clear.isError ? <Alert tone="error">{errorMessage(clear.error)}</Alert> : null}
        <div className="flex gap-2">
          <Button type="button" variant="secondary" className="flex-1 sm:flex-none" onClick={startEditing}>
            Change
          </Button>
          <Button
            type="button"
            variant="ghost"
            className="flex-1 sm:flex-none"
            isLoading={clear.isPending}
            onClick={() => clear.mutate()}
          >
            Clear
          </Button>
        </div>
      </div>
    );
  }

  return (
    <OutcomeForm
      // Starts from the outcome as it is now: set, changed or cleared by anyone.
      key={lead.outcome?.setAt ?? 'none'}
      lead={lead}
      onCancel={isEditing ? () => setIsEditing(false) : null}
      onSaved={() => setIsEditing(false)}
    />
  );
}

type OutcomeFormProps = { lead: LeadDetail; onCancel: (() => void) | null; onSaved: () => void };

/** Won, Lost or No answer, with what goes with each. */
function OutcomeForm({ lead, onCancel, onSaved }: OutcomeFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<OutcomeFormValues, unknown, LeadOutcomeInput>({
    resolver: zodResolver(LeadOutcomeInputSchema),
    defaultValues: valuesOf(lead),
    // A value typed before choosing Lost is not sent with it: hidden fields leave the form.
    shouldUnregister: true,
  });
  const save = useMutation({
    mutationFn: (input: LeadOutcomeInput) => setLeadOutcome(lead.id, input),
    onSuccess: async () => {
      await refreshLead(queryClient, lead.id);
      onSaved();
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, ['outcome', 'value', 'reason', 'note']),
  });
  const choiceName = useId();
  const chosen = useWatch({ control: form.control, name: 'outcome' });
  const typedValue = useWatch({ control: form.control, name: 'value' });
  const closesLead = useWatch({ control: form.control, name: 'done' }) === true && offersDone(chosen, lead);
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label="Outcome"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid gap-4"
    >
      {save.isError && !errors.outcome && !errors.value && !errors.reason && !errors.note ? (
        <Alert tone="error">{errorMessage(save.error)}</Alert>
      ) : null}
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">What became of this lead?</legend>
        <div className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset">
          {LEAD_OUTCOMES.map((outcome) => (
            <label
              key={outcome}
              className={cn(
                'flex h-10 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                chosen === outcome
                  ? 'bg-white text-brand-800 shadow-sm'
                  : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
              )}
            >
              <input
                type="radio"
                value={outcome}
                className="sr-only"
                aria-describedby={errors.outcome ? `${choiceName}-error` : undefined}
                {...form.register('outcome')}
              />
              {LEAD_OUTCOME_LABELS[outcome]}
            </label>
          ))}
        </div>
        {errors.outcome ? (
          <p id={`${choiceName}-error`} className="text-sm text-red-700">
            Choose Won, Lost or No answer.
          </p>
        ) : null}
      </fieldset>
      {chosen === 'won' ? (
        <FormField
          label={`Value (${lead.currency}, optional)`}
          error={errors.value?.message}
          hint={
            typeof typedValue === 'number' && Number.isFinite(typedValue) && typedValue >= 0
              ? formatOutcomeValue(typedValue, lead.currency)
              : 'What the customer is worth to you.'
          }
        >
          {(control) => (
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500"
              >
                {currencySymbolOf(lead.currency)}
              </span>
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                className="pl-12"
                {...form.register('value', {
                  setValueAs: (value: unknown) =>
                    value === '' || value === null || value === undefined
                      ? null
                      : Number(String(value).replace(/[\s,]/g, '')),
                })}
              />
            </div>
          )}
        </FormField>
      ) : null}
      {chosen === 'lost' ? (
        <FormField label="Why (optional)" error={errors.reason?.message}>
          {(control) => (
            <Select
              {...control}
              {...form.register('reason', { setValueAs: (value: unknown) => (value ? value : null) })}
            >
              <option value="">Not said</option>
              {LOST_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {LOST_REASON_LABELS[reason]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      {chosen ? (
        <FormField label="Note (optional)" error={errors.note?.message}>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={OUTCOME_NOTE_MAX}
              className="min-h-16"
              {...form.register('note')}
            />
          )}
        </FormField>
      ) : null}
      {offersDone(chosen, lead) ? (
        <label className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 text-sm">
          <input type="checkbox" className="size-4 shrink-0 accent-brand-600" {...form.register('done')} />
          <span className="text-slate-900">
            Mark it done too <span className="text-slate-500">(it leaves Open and Mine)</span>
          </span>
        </label>
      ) : null}
      <div className="flex gap-2">
        {onCancel ? (
          <Button type="button" variant="secondary" className="flex-1 sm:flex-none" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" className="flex-1 sm:flex-none" isLoading={save.isPending} disabled={!chosen}>
          {closesLead ? 'Save and mark done' : 'Save outcome'}
        </Button>
      </div>
    </form>
  );
}

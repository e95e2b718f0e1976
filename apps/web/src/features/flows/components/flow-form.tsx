import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_RESPONSE_TARGET_MINUTES,
  DEFAULT_RING_STEP_MINUTES,
  FlowInputSchema,
  RESPONSE_TARGET_MINUTES_MAX,
  RESPONSE_TARGET_MINUTES_MIN,
  RING_POLICIES,
  RING_POLICY_LABELS,
  RING_STEP_MINUTES_MAX,
  RING_STEP_MINUTES_MIN,
  type FlowInput,
  type RingPolicy,
} from '@leadbell/shared/flows';
import { templateVariables } from '@leadbell/shared/template';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useFlowFields } from '../api/get-flow-fields.ts';
import { seenFieldList, unfilledPlaceholders } from '../placeholder-check.ts';

const FIELDS = [
  'name',
  'title',
  'message',
  'responseTargetMinutes',
  'isUrgent',
  'ringPolicy',
  'ringStepMinutes',
] as const;
const EMPTY: FlowInput = {
  name: '',
  title: '',
  message: '',
  responseTargetMinutes: DEFAULT_RESPONSE_TARGET_MINUTES,
  isUrgent: false,
  ringPolicy: 'everyone',
  ringStepMinutes: DEFAULT_RING_STEP_MINUTES,
};

const RING_POLICY_HINTS: Record<RingPolicy, string> = {
  everyone: 'Every member not away is rung on all their devices the moment a lead arrives.',
  in_turn:
    'One member is rung on all their devices, the next after each step while nobody is on it, then everyone. The first member takes turns from lead to lead; members who are away are skipped.',
};

type FlowFormProps = {
  /** An existing flow: its placeholders are checked against the fields its latest notifications had. */
  flowId?: string;
  defaultValues?: FlowInput;
  onSubmit: (values: FlowInput) => Promise<unknown>;
  submitError?: string | null;
};

export function FlowForm({ flowId, defaultValues = EMPTY, onSubmit, submitError }: FlowFormProps) {
  const urgentId = useId();
  const form = useForm<FlowInput>({ resolver: zodResolver(FlowInputSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  const [title, message, ringPolicy] = useWatch({ control: form.control, name: ['title', 'message', 'ringPolicy'] });
  const variables = templateVariables(`${title ?? ''}\n${message ?? ''}`);
  const fields = useFlowFields(flowId);
  const unfilled = fields.data ? unfilledPlaceholders(variables, fields.data) : [];

  async function submit(values: FlowInput) {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <Card className="p-5 sm:p-7">
        <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5">
          {submitError ? <Alert tone="error">{submitError}</Alert> : null}
          <FormField
            label="Name"
            error={errors.name?.message}
            hint="For you only, e.g. “Contact form” or “Booking request”."
          >
            {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
          </FormField>
          <FormField label="Title" error={errors.title?.message} hint="The notification’s headline on your phone.">
            {(control) => (
              <Input {...control} autoComplete="off" placeholder="New lead from {{name}}" {...form.register('title')} />
            )}
          </FormField>
          <FormField label="Message" error={errors.message?.message} hint="The notification’s body text.">
            {(control) => (
              <Textarea
                {...control}
                rows={5}
                placeholder="{{name}} ({{email}}) asked about {{service}}."
                {...form.register('message')}
              />
            )}
          </FormField>
          <div className="grid gap-5 border-t border-slate-200 pt-5">
            <fieldset className="grid gap-2">
              <legend className="mb-1.5 text-sm font-semibold text-slate-900">Who is rung</legend>
              {RING_POLICIES.map((policy) => (
                <label
                  key={policy}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-checked:border-brand-500 has-checked:bg-brand-50/60 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                >
                  <input
                    type="radio"
                    value={policy}
                    className="mt-0.5 size-4 accent-brand-600"
                    {...form.register('ringPolicy')}
                  />
                  <span className="grid gap-0.5">
                    <span className="font-semibold text-slate-900">{RING_POLICY_LABELS[policy]}</span>
                    <span className="text-slate-600">{RING_POLICY_HINTS[policy]}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {ringPolicy === 'in_turn' ? (
              <FormField
                label="Next member after (minutes)"
                error={errors.ringStepMinutes?.message}
                hint={`How long each member has to tap “I’m on it” before the next is rung. ${RING_STEP_MINUTES_MIN} to ${RING_STEP_MINUTES_MAX} minutes.`}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={RING_STEP_MINUTES_MIN}
                    max={RING_STEP_MINUTES_MAX}
                    step={1}
                    className="max-w-32"
                    {...form.register('ringStepMinutes', { valueAsNumber: true })}
                  />
                )}
              </FormField>
            ) : null}
          </div>
          <div role="group" aria-labelledby={`${urgentId}-group`} className="grid gap-5 border-t border-slate-200 pt-5">
            <h2 id={`${urgentId}-group`} className="text-sm font-semibold text-slate-900">
              When nobody answers
            </h2>
            <FormField
              label="Response target (minutes)"
              error={errors.responseTargetMinutes?.message}
              hint={`If nobody taps “I’m on it” within this time, every phone rings again, and at twice the time everyone gets an email. ${RESPONSE_TARGET_MINUTES_MIN} to ${RESPONSE_TARGET_MINUTES_MAX} minutes.`}
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={RESPONSE_TARGET_MINUTES_MIN}
                  max={RESPONSE_TARGET_MINUTES_MAX}
                  step={1}
                  className="max-w-32"
                  {...form.register('responseTargetMinutes', { valueAsNumber: true })}
                />
              )}
            </FormField>
            <div className="flex items-start justify-between gap-4">
              <div className="grid gap-0.5">
                <Label htmlFor={urgentId}>Urgent: ring any time</Label>
                <p id={`${urgentId}-hint`} className="text-sm text-slate-500">
                  Rings outside your business hours too. Otherwise leads that arrive while you are closed are kept
                  quietly and their response target starts when you open.
                </p>
              </div>
              <Controller
                control={form.control}
                name="isUrgent"
                render={({ field }) => (
                  <Switch
                    id={urgentId}
                    aria-describedby={`${urgentId}-hint`}
                    checked={field.value ?? false}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </div>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="secondary">
              <Link to="/flows">Cancel</Link>
            </Button>
            <Button type="submit" isLoading={isSubmitting} className="sm:min-w-32">
              Save
            </Button>
          </div>
        </form>
      </Card>
      <aside
        aria-labelledby="placeholder-help"
        className="rounded-xl border border-brand-100 bg-brand-50/60 p-5 text-sm leading-relaxed text-slate-700"
      >
        <h2 id="placeholder-help" className="font-semibold text-slate-900">
          Personalise with placeholders
        </h2>
        <p className="mt-2">
          Write{' '}
          <code className="rounded bg-white px-1 py-0.5 font-mono text-xs whitespace-nowrap text-brand-800">
            {'{{variable}}'}
          </code>{' '}
          where your website should fill in a value when it sends the notification.
        </p>
        <p className="mt-3">
          For example, a title{' '}
          <code className="rounded bg-white px-1 py-0.5 font-mono text-xs whitespace-nowrap text-brand-800">
            {'New lead from {{name}}'}
          </code>{' '}
          becomes <span className="font-medium">“New lead from Priya”</span> when your site sends{' '}
          <code className="rounded bg-white px-1 py-0.5 font-mono text-xs whitespace-nowrap text-brand-800">
            {'{ "name": "Priya" }'}
          </code>
          .
        </p>
        <p className="mt-3">
          Names match your form’s fields in any case:{' '}
          <code className="rounded bg-white px-1 py-0.5 font-mono text-xs whitespace-nowrap text-brand-800">
            {'{{First Name}}'}
          </code>{' '}
          fills from a field named “First Name” or “first name”. Placeholders your site doesn’t send are left blank.
        </p>
        {variables.length > 0 ? (
          <div className="mt-4 border-t border-brand-100 pt-4">
            <p className="font-medium text-slate-900">Used in this flow</p>
            <ul className="mt-2 flex flex-wrap gap-1.5">
              {variables.map((variable) => (
                <li
                  key={variable}
                  className="rounded-full bg-white px-2 py-0.5 font-mono text-xs text-brand-800 ring-1 ring-brand-200"
                >
                  {variable}
                </li>
              ))}
            </ul>
            {unfilled.length > 0 && fields.data ? (
              <ul aria-live="polite" className="mt-3 grid gap-2">
                {unfilled.map((placeholder) => (
                  <li
                    key={placeholder}
                    className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950 [overflow-wrap:anywhere]"
                  >
                    No recent notification had a field named <strong className="font-semibold">{placeholder}</strong>;
                    {fields.data.fields.length > 0
                      ? ` the last ${fields.data.sampleSize === 1 ? 'one' : fields.data.sampleSize} had: ${seenFieldList(fields.data)}.`
                      : ` the last ${fields.data.sampleSize === 1 ? 'one' : fields.data.sampleSize} had no fields.`}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </aside>
    </div>
  );
}

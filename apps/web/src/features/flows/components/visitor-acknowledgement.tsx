import { zodResolver } from '@hookform/resolvers/zod';
import {
  AcknowledgementInputSchema,
  DEFAULT_ACKNOWLEDGEMENT,
  type AcknowledgementInput,
  type Flow,
} from '@leadbell/shared/flows';
import { replySubjectOf } from '@leadbell/shared/replies';
import { fieldKeyOf, renderTemplate, templateVariables, type TemplateData } from '@leadbell/shared/template';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRequiredMe } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useFlowFields } from '../api/get-flow-fields.ts';
import { flowQueryKey } from '../api/get-flow.ts';
import { FLOWS_QUERY_KEY } from '../api/get-flows.ts';
import { setFlowAcknowledgement } from '../api/set-flow-acknowledgement.ts';

const FIELDS = [
  'acknowledgementEnabled',
  'acknowledgementSubject',
  'acknowledgementBody',
  'acknowledgementAfterHoursBody',
  'replySubject',
] as const;

const LINK_CLASSES = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

// What the preview fills common fields with; any other placeholder shows its own name.
const SAMPLE_VALUES: Record<string, string> = {
  name: 'Priya',
  'first name': 'Priya',
  firstname: 'Priya',
  'last name': 'Shah',
  email: 'priya@example.com',
  phone: '+44 7911 123456',
  message: 'Do you have a viewing slot on Saturday?',
  service: 'a kitchen refit',
  company: 'Shah & Co',
};

function sampleDataOf(templates: string[]): TemplateData {
  return Object.fromEntries(
    templateVariables(templates.join('\n')).map((name) => [name, SAMPLE_VALUES[fieldKeyOf(name)] ?? `[${name}]`]),
  );
}

function valuesOf(flow: Flow): AcknowledgementInput {
  return {
    acknowledgementEnabled: flow.acknowledgementEnabled,
    acknowledgementSubject: flow.acknowledgementSubject ?? DEFAULT_ACKNOWLEDGEMENT.subject,
    acknowledgementBody: flow.acknowledgementBody ?? DEFAULT_ACKNOWLEDGEMENT.body,
    acknowledgementAfterHoursBody:
      flow.acknowledgementSubject === null
        ? DEFAULT_ACKNOWLEDGEMENT.afterHoursBody
        : (flow.acknowledgementAfterHoursBody ?? ''),
    replySubject: flow.replySubject ?? '',
  };
}

/**
 * The email a visitor gets as soon as their lead arrives (decision 047): on or off, the owner's
 * subject and text with the flow's placeholders, and a preview filled with sample values.
 */
export function VisitorAcknowledgement({ flow }: { flow: Flow }) {
  return (
    <SectionCard
      id="acknowledgement"
      title="Acknowledge visitors by email"
      description="Each visitor who leaves an email address gets a short email from your business as soon as their lead arrives, so they know you have it. At most one a day per address, never for spam."
    >
      <AcknowledgementForm flow={flow} />
    </SectionCard>
  );
}

function AcknowledgementForm({ flow }: { flow: Flow }) {
  const switchId = useId();
  const queryClient = useQueryClient();
  const me = useRequiredMe();
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const form = useForm<AcknowledgementInput>({
    resolver: zodResolver(AcknowledgementInputSchema),
    defaultValues: valuesOf(flow),
  });
  const { errors } = form.formState;
  const [enabled, subject, body, afterHoursBody] = useWatch({
    control: form.control,
    name: ['acknowledgementEnabled', 'acknowledgementSubject', 'acknowledgementBody', 'acknowledgementAfterHoursBody'],
  });
  const fields = useFlowFields(flow.flowId);
  const mutation = useMutation({
    mutationFn: (values: AcknowledgementInput) => setFlowAcknowledgement(flow.flowId, values),
    onSuccess: async (updated) => {
      setSavedMessage(
        updated.acknowledgementEnabled
          ? 'Saved. Visitors with an email address now get this email.'
          : 'Saved. Visitors get no acknowledgement.',
      );
      form.reset(valuesOf(updated));
      queryClient.setQueryData(flowQueryKey(flow.flowId), updated);
      await queryClient.invalidateQueries({ queryKey: FLOWS_QUERY_KEY, exact: true });
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
  });
  const hasFieldErrors = FIELDS.some((field) => errors[field]);
  const flowPlaceholders = templateVariables(`${flow.title}\n${flow.message}`);
  const seenFields = fields.data?.fields.map((field) => field.name) ?? [];
  const placeholders = [
    ...new Map([...seenFields, ...flowPlaceholders].map((name) => [fieldKeyOf(name), name])).values(),
  ];

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setSavedMessage(null);
        mutation.mutate(values);
      })}
      className="grid gap-5"
    >
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor={switchId}>Send an acknowledgement</Label>
          <p id={`${switchId}-hint`} className="text-sm text-slate-500">
            From <strong className="font-medium text-slate-700">{me.entity?.name}</strong>; replies go to{' '}
            {me.entity?.replyToEmail ? (
              <strong className="font-medium break-all text-slate-700">{me.entity.replyToEmail}</strong>
            ) : (
              'the owner’s email'
            )}{' '}
            (
            <Link to="/business#replies" className={LINK_CLASSES}>
              change
            </Link>
            ).
          </p>
        </div>
        <Controller
          control={form.control}
          name="acknowledgementEnabled"
          render={({ field }) => (
            <Switch
              id={switchId}
              aria-describedby={`${switchId}-hint`}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      </div>
      <div className={cn('grid gap-5 lg:grid-cols-2 lg:items-start', !enabled && 'opacity-80')}>
        <div className="grid min-w-0 gap-5">
          <FormField label="Subject" error={errors.acknowledgementSubject?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('acknowledgementSubject')} />}
          </FormField>
          <FormField label="Text" error={errors.acknowledgementBody?.message}>
            {(control) => <Textarea {...control} rows={7} {...form.register('acknowledgementBody')} />}
          </FormField>
          <FormField
            label="Text after hours (optional)"
            error={errors.acknowledgementAfterHoursBody?.message}
            hint={
              <>
                Sent instead when a lead arrives while you are closed (your{' '}
                <Link to="/business#hours" className={LINK_CLASSES}>
                  business hours
                </Link>
                ), e.g. “we open at 9:00 and will call you then”. Empty: the text above at any hour.
              </>
            }
          >
            {(control) => <Textarea {...control} rows={5} {...form.register('acknowledgementAfterHoursBody')} />}
          </FormField>
          <FormField
            label="Subject of your replies"
            error={errors.replySubject?.message}
            hint="What a reply from a lead’s card is titled, whether or not the acknowledgement is on; placeholders work here too. Empty: the default shown."
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                placeholder={replySubjectOf({ template: null, businessName: me.entity?.name ?? null, data: null })}
                {...form.register('replySubject')}
              />
            )}
          </FormField>
          {placeholders.length > 0 ? (
            <div className="grid gap-2 text-sm text-slate-600">
              <p>Placeholders from this flow’s fields, filled with what each visitor sent:</p>
              <ul className="flex flex-wrap gap-1.5" aria-label="Placeholders">
                {placeholders.map((name) => (
                  <li
                    key={name}
                    className="rounded-full bg-brand-50 px-2 py-0.5 font-mono text-xs text-brand-800 ring-1 ring-brand-200"
                  >{`{{${name}}}`}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <AcknowledgementPreview
          entityName={me.entity?.name ?? ''}
          subject={subject ?? ''}
          body={body ?? ''}
          afterHoursBody={afterHoursBody ?? ''}
        />
      </div>
      {mutation.isError && !hasFieldErrors ? (
        <Alert tone="error">{errorMessage(mutation.error, 'Failed to save the acknowledgement.')}</Alert>
      ) : null}
      {savedMessage && !form.formState.isDirty ? <Alert tone="success">{savedMessage}</Alert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="submit" isLoading={mutation.isPending} className="sm:min-w-32">
          Save acknowledgement
        </Button>
      </div>
    </form>
  );
}

function AcknowledgementPreview({
  entityName,
  subject,
  body,
  afterHoursBody,
}: {
  entityName: string;
  subject: string;
  body: string;
  afterHoursBody: string;
}) {
  const [isAfterHours, setIsAfterHours] = useState(false);
  const data = sampleDataOf([subject, body, afterHoursBody]);
  const text = isAfterHours && afterHoursBody.trim() ? afterHoursBody : body;
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid min-w-0 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 lg:sticky lg:top-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Preview
        </h3>
        <div role="group" aria-label="Preview when" className="inline-flex rounded-lg bg-slate-200/70 p-0.5 text-sm">
          {[
            { label: 'Open', value: false },
            { label: 'Closed', value: true },
          ].map((option) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={isAfterHours === option.value}
              onClick={() => setIsAfterHours(option.value)}
              className={cn(
                'min-h-9 rounded-md px-3 font-medium text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-600',
                isAfterHours === option.value && 'bg-white text-slate-900 shadow-xs',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>
      <div className="grid min-w-0 gap-1 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <p className="text-slate-500">
          From <span className="font-medium text-slate-900">{entityName}</span>
        </p>
        <p className="text-slate-500">
          To <span className="text-slate-900">priya@example.com</span>
        </p>
        <p className="mt-2 font-semibold [overflow-wrap:anywhere] text-slate-900">
          {renderTemplate(subject, data) || 'No subject'}
        </p>
        <p className="mt-2 leading-relaxed [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-800">
          {renderTemplate(text, data)}
        </p>
      </div>
      <p className="text-xs text-slate-500">Filled with sample values; each visitor sees what they sent.</p>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { DeliveryPreferencesState } from '@leadbell/shared/devices';
import { getPlan, type PlanId } from '@leadbell/shared/plans';
import {
  AddPhoneSchema,
  SMS_CHOICES,
  VerifyPhoneSchema,
  type AddPhone,
  type MemberPhone,
  type SmsChoice,
  type VerifyPhone,
} from '@leadbell/shared/sms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PhoneNumberField } from '../../../components/ui/phone-number-field.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { DELIVERY_PREFERENCES_QUERY_KEY, useDeliveryPreferences } from '../../devices/api/get-delivery-preferences.ts';
import { updateDeliveryPreferences } from '../../devices/api/update-delivery-preferences.ts';
import { addMemberPhone } from '../api/add-member-phone.ts';
import { MEMBER_PHONE_QUERY_KEY, useMemberPhone } from '../api/get-member-phone.ts';
import { removeMemberPhone } from '../api/remove-member-phone.ts';
import { sendSmsTest } from '../api/send-sms-test.ts';
import { verifyMemberPhone } from '../api/verify-member-phone.ts';

type ChoiceText = Record<SmsChoice, { label: string; hint: string }>;

/** What the member's number is used for: texts and calls (issue 50), each with the same three choices. */
const PHONE_CHOICES: Record<'sms' | 'voice', { legend: string; noun: string; text: ChoiceText }> = {
  sms: {
    legend: 'Text me',
    noun: 'text message',
    text: {
      off: { label: 'Off', hint: 'No text messages.' },
      escalations: {
        label: 'Escalations only',
        hint: 'A text when a lead is still unanswered after your team’s response time.',
      },
      all: { label: 'Every lead', hint: 'A text with each new lead, and again if nobody answers it in time.' },
    },
  },
  voice: {
    legend: 'Call me',
    noun: 'phone call',
    text: {
      off: { label: 'Off', hint: 'No phone calls.' },
      escalations: {
        label: 'Escalations only',
        hint: 'A call when a lead is still unanswered after your team’s response time.',
      },
      all: {
        label: 'Every lead',
        hint: 'Your phone rings with each new lead: press 1 to take it and talk to the customer, 2 to pass it on.',
      },
    },
  },
};

function usePhoneSaved() {
  const queryClient = useQueryClient();
  return (phone: MemberPhone) => queryClient.setQueryData<MemberPhone>(MEMBER_PHONE_QUERY_KEY, phone);
}

/** Step 1: the number, texted a code. */
function AddPhoneForm({ hasVerified, onAdded }: { hasVerified: boolean; onAdded: () => void }) {
  const saved = usePhoneSaved();
  const form = useForm<AddPhone>({ resolver: zodResolver(AddPhoneSchema), defaultValues: { phone: '' } });
  const mutation = useMutation({
    mutationFn: addMemberPhone,
    onSuccess: (phone) => {
      saved(phone);
      onAdded();
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, ['phone']),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-3">
      {mutation.isError && !errors.phone ? <Alert tone="error">{errorMessage(mutation.error)}</Alert> : null}
      <PhoneNumberField
        label={hasVerified ? 'New mobile number' : 'Mobile number'}
        error={errors.phone?.message}
        hint="We text a 6-digit code to it. Without a country code, it is read as your business’s country’s."
        placeholder="+44 7700 900123"
        registration={form.register('phone')}
      />
      <Button type="submit" className="justify-self-start" isLoading={mutation.isPending}>
        Text me a code
      </Button>
    </form>
  );
}

/** Step 2: the code from the text message. */
function VerifyCodeForm({ pending }: { pending: NonNullable<MemberPhone['pending']> }) {
  const saved = usePhoneSaved();
  const form = useForm<VerifyPhone>({ resolver: zodResolver(VerifyPhoneSchema), defaultValues: { code: '' } });
  const mutation = useMutation({
    mutationFn: verifyMemberPhone,
    onSuccess: saved,
    onError: (error) => applyServerFieldErrors(error, form.setError, ['code']),
  });
  const { errors } = form.formState;
  const isUndelivered = pending.codeStatus === 'failed' || pending.codeStatus === 'undelivered';
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-3">
      <p className="text-sm text-slate-600">
        We texted a code to <strong className="font-semibold text-slate-900">{pending.display}</strong>. It works for 10
        minutes.
      </p>
      {isUndelivered ? (
        <Alert tone="error">The text could not be delivered to this number. Check it and ask for a new code.</Alert>
      ) : null}
      {mutation.isError && !errors.code ? <Alert tone="error">{errorMessage(mutation.error)}</Alert> : null}
      <FormField label="Code" error={errors.code?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="max-w-40 tracking-widest"
            {...form.register('code')}
          />
        )}
      </FormField>
      <Button type="submit" className="justify-self-start" isLoading={mutation.isPending}>
        Verify
      </Button>
    </form>
  );
}

/** Which leads come by text, or by phone call: saved as soon as it is chosen. */
function PhoneChoiceField({ field }: { field: 'sms' | 'voice' }) {
  const queryClient = useQueryClient();
  const preferences = useDeliveryPreferences();
  const { legend, noun, text } = PHONE_CHOICES[field];
  // The choice clicked, shown at once while it saves (the mutation's own state arrives a task
  // later, and a radio whose checked state lags its click reads as unchanged); cleared when the
  // save ends, so a failure puts back the saved one.
  const [picked, setPicked] = useState<SmsChoice | null>(null);
  const mutation = useMutation({
    mutationFn: updateDeliveryPreferences,
    onSuccess: (next) => queryClient.setQueryData<DeliveryPreferencesState>(DELIVERY_PREFERENCES_QUERY_KEY, next),
    onSettled: () => setPicked(null),
  });
  const chosen = picked ?? preferences.data?.[field] ?? 'off';
  if (preferences.isPending) return <LoadingState label={`Loading your ${noun} choice…`} />;
  if (preferences.isError)
    return (
      <ErrorState
        message={errorMessage(preferences.error, `Failed to load your ${noun} choice.`)}
        onRetry={() => void preferences.refetch()}
      />
    );
  return (
    <fieldset className="grid gap-2" disabled={mutation.isPending}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">{legend}</legend>
      {SMS_CHOICES.map((choice) => (
        <label
          key={choice}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-checked:border-brand-500 has-checked:bg-brand-50/60 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
        >
          <input
            type="radio"
            name={`${field}-choice`}
            value={choice}
            checked={chosen === choice}
            onChange={() => {
              setPicked(choice);
              mutation.mutate({ [field]: choice });
            }}
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
          />
          <span className="grid gap-0.5">
            <span className="font-semibold text-slate-900">{text[choice].label}</span>
            <span className="text-slate-600">{text[choice].hint}</span>
          </span>
        </label>
      ))}
      <p aria-live="polite" className="text-sm text-slate-500">
        {mutation.isSuccess ? `Saved: ${text[chosen].label.toLowerCase()}.` : null}
      </p>
      {mutation.isError ? <Alert tone="error">{errorMessage(mutation.error)}</Alert> : null}
    </fieldset>
  );
}

/** The verified number, a test text, the choice of texts, and Remove. */
function VerifiedPhone({ phone }: { phone: NonNullable<MemberPhone['phone']> }) {
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const test = useMutation({ mutationFn: sendSmsTest });
  const remove = useMutation({
    mutationFn: removeMemberPhone,
    onSuccess: async () => {
      setIsConfirming(false);
      await queryClient.invalidateQueries({ queryKey: MEMBER_PHONE_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: DELIVERY_PREFERENCES_QUERY_KEY });
    },
  });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-slate-900">
          <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
          <span>
            <strong className="font-semibold">{phone.display}</strong> <span className="text-slate-600">verified</span>
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" isLoading={test.isPending} onClick={() => test.mutate()}>
            {test.isPending ? null : <Send aria-hidden="true" className="size-3.5" />}
            Send test text
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setIsConfirming(true)}>
            <Trash2 aria-hidden="true" className="size-3.5" />
            Remove
          </Button>
        </div>
      </div>
      <div aria-live="polite" className={test.isSuccess || test.isError ? undefined : 'sr-only'}>
        {test.isSuccess ? <Alert tone="success">Test text sent: look at your phone.</Alert> : null}
        {test.isError ? <Alert tone="error">{errorMessage(test.error)}</Alert> : null}
      </div>
      <PhoneChoiceField field="sms" />
      <PhoneChoiceField field="voice" />
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Remove your mobile number?"
        description={`Leadbell stops texting ${phone.display}. You can add a number again at any time.`}
        confirmLabel="Remove number"
        onConfirm={() => remove.mutate()}
        isPending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
      />
    </div>
  );
}

/**
 * The Channels page's "Text messages" section (issue 27): add a mobile number, confirm it with the
 * texted code, then choose texts for escalations only or for every lead.
 */
export function SmsSection({ plan }: { plan: PlanId | null }) {
  const phone = useMemberPhone();
  const [isChanging, setIsChanging] = useState(false);
  const included = plan ? getPlan(plan).includedSms : null;
  const description =
    included === null
      ? 'For the leads that must ring: a short text with a link to the lead.'
      : included === 0
        ? 'For the leads that must ring. Your business’s plan includes no text messages: lead texts need a larger plan.'
        : `For the leads that must ring: a short text with a link to the lead. Your business’s plan includes ${included.toLocaleString('en-US')} texts a month, shared by the team.`;

  return (
    <SectionCard id="sms" title="Text messages" description={description}>
      {phone.isPending ? (
        <LoadingState label="Loading your mobile number…" />
      ) : phone.isError ? (
        <ErrorState
          message={errorMessage(phone.error, 'Failed to load your mobile number.')}
          onRetry={() => void phone.refetch()}
        />
      ) : !phone.data.enabled ? (
        <Alert tone="info">
          Text messages are off on this Leadbell server: it has no SMS provider set up. Its administrator sets{' '}
          <code>TWILIO_ACCOUNT_SID</code>, <code>TWILIO_AUTH_TOKEN</code> and <code>TWILIO_FROM_NUMBER</code>: see{' '}
          <code>docs/operations.md</code>, “SMS”.
        </Alert>
      ) : (
        <div className="grid gap-5">
          {phone.data.phone ? <VerifiedPhone phone={phone.data.phone} /> : null}
          {isChanging || (!phone.data.phone && !phone.data.pending) ? (
            <AddPhoneForm hasVerified={phone.data.phone !== null} onAdded={() => setIsChanging(false)} />
          ) : phone.data.pending ? (
            <VerifyCodeForm key={phone.data.pending.expiresAt} pending={phone.data.pending} />
          ) : null}
          {isChanging || (!phone.data.phone && !phone.data.pending) ? null : (
            <Button variant="link" size="sm" className="justify-self-start px-0" onClick={() => setIsChanging(true)}>
              {phone.data.pending ? 'Use another number' : 'Change number'}
            </Button>
          )}
        </div>
      )}
    </SectionCard>
  );
}

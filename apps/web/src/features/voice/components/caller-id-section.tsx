import { zodResolver } from '@hookform/resolvers/zod';
import { VerifyCallerIdSchema, type CallerId, type VerifyCallerId } from '@leadbell/shared/voice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, PhoneCall, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PhoneNumberField } from '../../../components/ui/phone-number-field.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { callerIdQueryKey, useCallerId } from '../api/get-caller-id.ts';
import { removeCallerId } from '../api/remove-caller-id.ts';
import { startCallerIdVerification } from '../api/start-caller-id-verification.ts';

/** The number Twilio calls, with its code answered at once. */
function VerifyNumberForm({
  entityId,
  defaultPhone,
  label,
  onStarted,
}: {
  entityId: string;
  defaultPhone: string;
  label: string;
  onStarted: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<VerifyCallerId>({
    resolver: zodResolver(VerifyCallerIdSchema),
    defaultValues: { phone: defaultPhone },
  });
  const mutation = useMutation({
    mutationFn: (input: VerifyCallerId) => startCallerIdVerification(entityId, input),
    onSuccess: (callerId) => {
      queryClient.setQueryData<CallerId>(callerIdQueryKey(entityId), callerId);
      onStarted();
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, ['phone']),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-3">
      {mutation.isError && !errors.phone ? <Alert tone="error">{errorMessage(mutation.error)}</Alert> : null}
      <PhoneNumberField
        label={label}
        error={errors.phone?.message}
        hint="Twilio calls it now with a 6-digit code to type on its keypad, so have that phone at hand. Without a country code, it is read as your business’s country’s."
        placeholder="+44 20 7946 0123"
        registration={form.register('phone')}
      />
      <Button type="submit" className="justify-self-start" isLoading={mutation.isPending}>
        {mutation.isPending ? null : <PhoneCall aria-hidden="true" className="size-4" />}
        Call this number to verify
      </Button>
    </form>
  );
}

/** Twilio is calling: the code, large, to type on the phone's keypad. */
function PendingVerification({ verification }: { verification: NonNullable<CallerId['verification']> }) {
  const code = verification.validationCode ?? '';
  return (
    <div className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50/60 p-4">
      <p className="text-sm text-slate-700">
        Twilio is calling <strong className="font-semibold text-slate-900">{verification.display}</strong> now. Answer
        it, and when asked, type this code on the phone’s keypad:
      </p>
      <p
        className="font-mono text-3xl font-semibold tracking-[0.3em] text-slate-900 sm:text-4xl"
        aria-label={`Code: ${code.split('').join(' ')}`}
      >
        {code}
      </p>
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4 text-brand-600" />
        Waiting for the call to end. This page updates by itself.
      </p>
    </div>
  );
}

/**
 * The Business page's "Caller ID" section (decision 082): the number customers see when a member
 * presses 1 on a lead call. Admins verify the business's own number through Twilio's call and
 * code, see it pending, verified or failed, and remove it or start again.
 */
export function CallerIdSection({ entityId }: { entityId: string }) {
  const queryClient = useQueryClient();
  const callerId = useCallerId(entityId);
  const [isChanging, setIsChanging] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => removeCallerId(entityId),
    onSuccess: async () => {
      setIsConfirming(false);
      setIsChanging(false);
      await queryClient.invalidateQueries({ queryKey: callerIdQueryKey(entityId) });
    },
  });

  const description =
    'The number your customers see when a teammate presses 1 on a lead call and Leadbell connects them.';
  if (callerId.isPending)
    return (
      <SectionCard id="caller-id" title="Caller ID" description={description}>
        <LoadingState label="Loading your caller ID…" className="py-6" />
      </SectionCard>
    );
  if (callerId.isError)
    return (
      <SectionCard id="caller-id" title="Caller ID" description={description}>
        <ErrorState
          message={errorMessage(callerId.error, 'Failed to load your caller ID.')}
          onRetry={() => void callerId.refetch()}
        />
      </SectionCard>
    );
  const { enabled, defaultNumber, verified, verification } = callerId.data;
  if (!enabled)
    return (
      <SectionCard id="caller-id" title="Caller ID" description={description}>
        <Alert tone="info">
          Phone calls are off on this Leadbell server: it has no Twilio phone number set up. Its administrator sets{' '}
          <code>TWILIO_ACCOUNT_SID</code>, <code>TWILIO_AUTH_TOKEN</code> and <code>TWILIO_FROM_NUMBER</code>.
        </Alert>
      </SectionCard>
    );

  const isPending = verification?.status === 'pending';
  const showForm = isChanging || verification?.status === 'failed' || (!verified && !isPending);
  return (
    <SectionCard id="caller-id" title="Caller ID" description={description}>
      <div className="grid gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-slate-700">
            {verified ? <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" /> : null}
            <span>
              Customers see{' '}
              <strong className="font-semibold text-slate-900">
                {verified?.display ?? defaultNumber?.display ?? 'Leadbell’s number'}
              </strong>
            </span>
            {verified ? <Badge tone="success">Your number, verified</Badge> : <Badge>Leadbell’s number</Badge>}
          </p>
          {/* Only a verified number is the business's to remove: beside Leadbell's own number the button
              read as removing that. A verification pending or failed is replaced by the next one. */}
          {verified ? (
            <Button variant="secondary" size="sm" onClick={() => setIsConfirming(true)}>
              <Trash2 aria-hidden="true" className="size-3.5" />
              Remove
            </Button>
          ) : null}
        </div>

        {/* Always in the page, so the outcome arriving by poll is announced; out of the layout while empty. */}
        <div aria-live="polite" className={verification && !isChanging ? 'grid gap-3' : 'sr-only'}>
          {isPending && !isChanging ? <PendingVerification verification={verification} /> : null}
          {verification?.status === 'failed' ? (
            <Alert tone="error">
              {verification.display} was not verified: the call was not answered, or the code was not typed in time. Try
              again below.
            </Alert>
          ) : null}
        </div>

        {showForm ? (
          <VerifyNumberForm
            key={verification?.requestedAt ?? 'new'}
            entityId={entityId}
            defaultPhone={verification?.status === 'failed' ? verification.display : ''}
            label={verified ? 'New business phone number' : 'Business phone number'}
            onStarted={() => setIsChanging(false)}
          />
        ) : (
          <Button variant="link" size="sm" className="justify-self-start px-0" onClick={() => setIsChanging(true)}>
            {isPending ? 'Use another number' : 'Change number'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Remove your caller ID?"
        description={`Customers will see ${defaultNumber?.display ?? 'Leadbell’s number'} when a teammate calls them from a lead. You can verify your number again at any time.`}
        confirmLabel="Remove caller ID"
        onConfirm={() => remove.mutate()}
        isPending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
      />
    </SectionCard>
  );
}

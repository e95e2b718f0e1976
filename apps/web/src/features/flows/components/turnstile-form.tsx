import { zodResolver } from '@hookform/resolvers/zod';
import { TurnstileInputSchema, type Flow, type TurnstileInput } from '@leadbell/shared/flows';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { setFlowTurnstile } from '../api/set-flow-turnstile.ts';

const FIELDS = ['siteKey', 'secret'] as const;

// Keys are pasted, never typed as words: no autocorrect, capitals or spell-check squiggles.
const KEY_INPUT = { autoComplete: 'off', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

type TurnstileFormProps = {
  flowId: string;
  /** The site key in use, when changing keys; the secret is never shown, so it is pasted again. */
  siteKey: string | null;
  onSaved: (flow: Flow) => Promise<void>;
  /** Offered while changing keys: going back leaves Turnstile on as it was. */
  onCancel?: () => void;
};

/** The widget's site key and secret key from Cloudflare's dashboard; saving turns Turnstile on. */
export function TurnstileForm({ flowId, siteKey, onSaved, onCancel }: TurnstileFormProps) {
  const form = useForm<TurnstileInput>({
    resolver: zodResolver(TurnstileInputSchema),
    defaultValues: { siteKey: siteKey ?? '', secret: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: TurnstileInput) => setFlowTurnstile(flowId, values),
    onSuccess: onSaved,
    onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
  });
  const hasFieldErrors = Boolean(errors.siteKey || errors.secret);

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
      {mutation.isError && !hasFieldErrors ? (
        <Alert tone="error">{errorMessage(mutation.error, 'Failed to save the Turnstile keys.')}</Alert>
      ) : null}
      <div className="grid gap-5 md:grid-cols-2">
        <FormField label="Site key" error={errors.siteKey?.message} hint="Public: it goes into your form.">
          {(control) => <Input {...control} {...KEY_INPUT} className="font-mono" {...form.register('siteKey')} />}
        </FormField>
        <FormField
          label="Secret key"
          error={errors.secret?.message}
          hint={siteKey ? 'Paste it again: it is never shown.' : 'Kept on the server and never shown again.'}
        >
          {(control) => <Input {...control} {...KEY_INPUT} className="font-mono" {...form.register('secret')} />}
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" isLoading={mutation.isPending}>
          {siteKey ? 'Save keys' : 'Turn on Turnstile'}
        </Button>
      </div>
    </form>
  );
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';

/** The email field of every auth form: phone keyboards get the email layout, no autocorrect. */
export function EmailField({
  error,
  registration,
  lockedHint,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
  /** Makes the field read-only (e.g. the address an invitation was sent to) and says why. */
  lockedHint?: string | undefined;
}) {
  const isLocked = lockedHint !== undefined;
  return (
    <FormField label="Email" error={error} hint={lockedHint}>
      {(control) => (
        <Input
          {...control}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          readOnly={isLocked}
          className={isLocked ? 'bg-slate-50 text-slate-700' : undefined}
          {...registration}
        />
      )}
    </FormField>
  );
}

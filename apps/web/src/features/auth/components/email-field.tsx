import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';

/** The email field of every auth form: phone keyboards get the email layout, no autocorrect. */
export function EmailField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label="Email" error={error}>
      {(control) => (
        <Input {...control} type="email" inputMode="email" autoComplete="email" spellCheck={false} {...registration} />
      )}
    </FormField>
  );
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';

/** A phone number's labelled input, with its hint and error: what a phone's keyboard and autofill expect. */
export function PhoneNumberField({
  label,
  hint,
  error,
  placeholder,
  registration,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  placeholder: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <Input {...control} type="tel" inputMode="tel" autoComplete="tel" placeholder={placeholder} {...registration} />
      )}
    </FormField>
  );
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';

type AllowedOriginsFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
};

/** The allowed origins of a key as a textarea, one origin per line. */
export function AllowedOriginsField({ label, registration, error }: AllowedOriginsFieldProps) {
  return (
    <FormField
      label={label}
      error={error}
      hint={
        <>
          One per line, like <code className="font-mono text-xs">https://www.example.com</code>. The key then works only
          from pages on these websites, not from a server. Leave empty to allow any website.
        </>
      }
    >
      {(control) => (
        <Textarea
          {...control}
          rows={3}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder="https://www.example.com"
          className="min-h-24 font-mono sm:text-xs"
          {...registration}
        />
      )}
    </FormField>
  );
}

import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Label } from './label.tsx';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown next to the label, e.g. a "Forgot your password?" link. */
  aside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** A label, its control, an optional hint and the field's error, wired together for assistive tech. */
export function FormField({ label, error, hint, aside, className, children }: FormFieldProps) {
  const id = useId();
  // The error replaces the hint: both at once read as two competing instructions.
  const showHint = Boolean(hint) && !error;
  const hintId = showHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {showHint ? (
        <div id={hintId} className="text-sm text-slate-500">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

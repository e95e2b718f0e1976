import { useId, type ReactNode } from 'react';
import { Label } from './label.tsx';
import { Switch } from './switch.tsx';

/**
 * A setting saved as soon as it is switched: its label and what it does now beside the switch,
 * and why it could not be read or saved below them.
 */
export function SettingSwitch({
  label,
  hint,
  checked,
  disabled,
  onCheckedChange,
  failure,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
  failure: string | null;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor={id}>{label}</Label>
          <div id={`${id}-hint`} className="grid gap-1 text-sm break-words text-slate-500">
            {hint}
          </div>
        </div>
        <Switch
          id={id}
          aria-describedby={`${id}-hint`}
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
        />
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

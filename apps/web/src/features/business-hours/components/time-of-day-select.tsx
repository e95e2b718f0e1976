import { useMemo, type ComponentProps } from 'react';
import { Select } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { timeOfDayOptions } from '../time-of-day.ts';

type TimeOfDaySelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'> & {
  kind: 'open' | 'close';
  /** The stored time, `HH:MM` (`24:00` for a closing at midnight). */
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A time of day on the viewer's own clock (decision 044). `<input type="time">` takes its clock
 * from the browser's interface language, which the page cannot set, so readers in en-GB saw
 * "5:30 PM" (issue 25). A select of quarter hours labelled by Intl is the phone's own picker, says
 * "Midnight" where a day closes, and keeps the stored `HH:MM` as its value.
 */
export function TimeOfDaySelect({ kind, value, onValueChange, className, ...props }: TimeOfDaySelectProps) {
  const options = useMemo(() => timeOfDayOptions(kind, { current: value }), [kind, value]);
  return (
    <Select
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      className={cn('tabular-nums', className)}
      {...props}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

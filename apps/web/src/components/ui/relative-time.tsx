import { formatDateTime, formatRelativeTime } from '../../lib/format-date.ts';
import { cn } from '../../lib/cn.ts';
import { useNow } from '../../lib/use-now.ts';
import { Popover, PopoverContent, PopoverTrigger } from './popover.tsx';

type RelativeTimeProps = {
  /** The instant, as the API gives it (ISO 8601). */
  at: string;
  className?: string;
  /**
   * Its own tap target (an inbox row, above the row's link): a phone has no hover, so a tap or a
   * long press shows the full time, after `pressedLabel`.
   */
  isPressable?: boolean;
  /** What the full time is, on press: `Received`. */
  pressedLabel?: string;
};

/**
 * "3 min ago", counting on while the page is open; the full instant on hover, for screen readers
 * and, when pressable, on a tap. The console's one relative-time cell (issue 48).
 */
export function RelativeTime({ at, className, isPressable = false, pressedLabel = 'At' }: RelativeTimeProps) {
  const now = useNow();
  const age = formatRelativeTime(at, now);
  const full = formatDateTime(at);
  if (!isPressable)
    return (
      <time dateTime={at} title={full} className={className}>
        {age}
      </time>
    );
  return (
    <Popover>
      <PopoverTrigger
        title={full}
        aria-label={`${age}, ${pressedLabel.toLowerCase()} ${full}`}
        className={cn(
          'relative z-10 -m-1.5 min-h-6 rounded p-1.5 outline-none hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-400',
          className,
        )}
      >
        <time dateTime={at}>{age}</time>
      </PopoverTrigger>
      <PopoverContent>
        {pressedLabel} {full}
      </PopoverContent>
    </Popover>
  );
}

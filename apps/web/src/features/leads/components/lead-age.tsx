import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatAge, formatReceivedAt } from '../lead-format.ts';
import { useNow } from '../hooks/use-now.ts';

type LeadAgeProps = {
  at: string;
  className?: string;
  /**
   * In an inbox row the age is its own tap target, above the row's link: a phone has no hover,
   * so a tap (or a long press) shows the full time with its zone.
   */
  isPressable?: boolean;
};

/** "3 min ago", counting on; the full time with its zone on hover, on press, and for screen readers. */
export function LeadAge({ at, className, isPressable = false }: LeadAgeProps) {
  const now = useNow();
  const age = formatAge(at, now);
  const full = formatReceivedAt(at);
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
        aria-label={`${age}, received ${full}`}
        className={cn(
          'relative z-10 -m-1.5 min-h-6 rounded p-1.5 outline-none hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-400',
          className,
        )}
      >
        <time dateTime={at}>{age}</time>
      </PopoverTrigger>
      <PopoverContent>Received {full}</PopoverContent>
    </Popover>
  );
}

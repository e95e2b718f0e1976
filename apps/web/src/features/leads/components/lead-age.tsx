import { formatAge, formatReceivedAt } from '../lead-format.ts';
import { useNow } from '../hooks/use-now.ts';

/** "3 min ago", counting on; the full time with its zone on hover (and for screen readers). */
export function LeadAge({ at, className }: { at: string; className?: string }) {
  const now = useNow();
  const full = formatReceivedAt(at);
  return (
    <time dateTime={at} title={full} className={className}>
      {formatAge(at, now)}
    </time>
  );
}

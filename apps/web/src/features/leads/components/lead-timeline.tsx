import type { LeadTimelineEntry } from '@leadbell/shared/leads';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { timelineText } from '../lead-format.ts';

/** Received, delivered to each device, seen, claimed, released, done: who and when, oldest first. */
export function LeadTimeline({ timeline, viewerId }: { timeline: LeadTimelineEntry[]; viewerId: string }) {
  return (
    <ol aria-label="Activity" className="grid gap-0">
      {timeline.map((entry, index) => (
        <li
          key={`${entry.kind}-${entry.at}-${index}`}
          className="relative grid gap-0.5 border-l border-slate-200 pb-4 pl-5 last:pb-0"
        >
          <span
            aria-hidden="true"
            className={
              entry.kind === 'failed'
                ? 'absolute top-1 -left-1.5 size-3 rounded-full bg-red-500 ring-4 ring-white'
                : 'absolute top-1 -left-1.5 size-3 rounded-full bg-brand-500 ring-4 ring-white'
            }
          />
          <span dir="auto" className="text-sm text-slate-900 [overflow-wrap:anywhere]">
            {timelineText(entry, viewerId)}
          </span>
          {entry.text ? (
            <span dir="auto" className="text-sm whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">
              {entry.text}
            </span>
          ) : null}
          <span className="text-xs text-slate-500">
            <RelativeTime at={entry.at} /> · {formatDateTime(entry.at)}
          </span>
        </li>
      ))}
    </ol>
  );
}

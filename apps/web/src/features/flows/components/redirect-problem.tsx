import type { Flow } from '@leadbell/shared/flows';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format-date.ts';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

type RedirectProblemProps = {
  problem: NonNullable<Flow['redirectProblem']>;
  className?: string;
  /** On the flow's own page it is announced (role="alert"); in the flows list it is part of the row. */
  isAnnounced?: boolean;
};

/**
 * A form on this flow asked to send visitors back to a page that is not one of the owner's sites:
 * the lead was kept and the visitor saw the built-in thank-you page (decision 021). Says how to fix it.
 */
export function RedirectProblem({ problem, className, isAnnounced = false }: RedirectProblemProps) {
  const origin = originOf(problem.url);
  return (
    <div
      role={isAnnounced ? 'alert' : undefined}
      className={cn(
        'flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-950',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <div className="grid min-w-0 gap-1 leading-relaxed">
        <p className="[overflow-wrap:anywhere]">
          <span className="sr-only">Problem: </span>
          Your form asked to return to <span className="font-medium">{problem.url}</span> which is not one of your
          sites.
        </p>
        <p className="text-amber-900">
          The lead was kept and the visitor saw Leadbell’s thank-you page (last{' '}
          <time dateTime={problem.at}>{formatDateTime(problem.at)}</time>). To fix it, add{' '}
          {origin ? <span className="font-medium [overflow-wrap:anywhere]">{origin}</span> : 'that site'} to your key’s
          allowed websites on{' '}
          <Link to="/api" className="font-medium underline underline-offset-2">
            API Keys
          </Link>
          , or change the form’s <code className="font-mono text-xs">_redirect</code> field to a page on your site.
        </p>
      </div>
    </div>
  );
}

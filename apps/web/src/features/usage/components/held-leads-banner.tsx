import type { Usage } from '@leadbell/shared/billing';
import { getPlan } from '@leadbell/shared/plans';
import { PauseCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useIsAdmin } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { useUsage } from '../api/get-usage.ts';
import { formatCount } from '../usage-format.ts';

/**
 * Over the plan's monthly limit, leads are kept but ring nobody (decision 041): how many wait and
 * what frees them, in one line so the first lead stays in view on a phone. Admins get the way to a
 * larger plan; members are told who can choose one.
 */
export function HeldLeadsNotice({
  usage,
  planHref,
  className,
}: {
  usage: Usage;
  planHref: string;
  className?: string;
}) {
  const isAdmin = useIsAdmin();
  const { heldCount, included, plan } = usage;
  const waiting =
    heldCount === 0 ? null : heldCount === 1 ? '1 lead waiting' : `${formatCount(heldCount)} leads waiting`;
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-950',
        className,
      )}
    >
      <p className="flex min-w-0 items-start gap-2">
        <PauseCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <span>
          {waiting ? <strong className="font-semibold">{waiting}. </strong> : null}
          This month’s {formatCount(included)} {getPlan(plan).title} leads are used: new ones are kept but ring nobody.{' '}
          {isAdmin ? 'A larger plan starts at once and rings them.' : 'An admin can choose a larger plan.'}
        </span>
      </p>
      {isAdmin ? (
        <Button asChild size="sm" variant="secondary">
          <Link to={planHref}>Choose a plan</Link>
        </Button>
      ) : null}
    </div>
  );
}

/** The inbox's notice: shown once the plan's limit is reached, with or without leads held yet. */
export function HeldLeadsBanner() {
  const usage = useUsage();
  if (!usage.data || (usage.data.heldCount === 0 && !usage.data.isLimitReached)) return null;
  return <HeldLeadsNotice usage={usage.data} planHref="/account#plan" className="mb-4" />;
}

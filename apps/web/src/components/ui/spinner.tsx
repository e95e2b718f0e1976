import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

type SpinnerProps = { className?: string; label?: string };

/** A spinning icon; pass `label` when it is the only sign that something is loading. */
export function Spinner({ className, label }: SpinnerProps) {
  return (
    <>
      <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

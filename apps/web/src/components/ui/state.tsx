import { CircleAlert, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

export function LoadingState({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 py-16 text-sm text-slate-500', className)}>
      <Spinner className="size-5 text-brand-600" />
      <span>{label}</span>
    </div>
  );
}

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
};

export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 [&_svg]:size-6">
        {icon}
      </div>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children ? <div className="mt-2 max-w-md text-sm leading-relaxed text-slate-500">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}

type ErrorStateProps = {
  message: string;
  onRetry: () => void;
  isRetrying?: boolean;
  /** A low-key line instead of a red panel, for lists whose failure the spec only logged. */
  quiet?: boolean;
};

/** A failed load, inline where the content would be, with a way to try again. */
export function ErrorState({ message, onRetry, isRetrying = false, quiet = false }: ErrorStateProps) {
  if (quiet) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white px-4 py-4 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-start gap-2">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {message}
        </p>
        <Button variant="secondary" size="sm" onClick={onRetry} isLoading={isRetrying}>
          {isRetrying ? null : <RotateCw aria-hidden="true" className="size-3.5" />}
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center text-sm text-red-800"
    >
      <CircleAlert aria-hidden="true" className="size-6" />
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry} isLoading={isRetrying}>
        {isRetrying ? null : <RotateCw aria-hidden="true" className="size-4" />}
        Try again
      </Button>
    </div>
  );
}

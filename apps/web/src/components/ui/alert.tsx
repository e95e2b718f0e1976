import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type AlertProps = {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
  action?: ReactNode;
};

const TONES = {
  error: { classes: 'border-red-200 bg-red-50 text-red-800', Icon: CircleAlert },
  success: { classes: 'border-emerald-200 bg-emerald-50 text-emerald-800', Icon: CircleCheck },
  info: { classes: 'border-brand-200 bg-brand-50 text-brand-900', Icon: Info },
} as const;

/** Errors interrupt (role="alert"); success and info wait their turn (role="status"). */
export function Alert({ tone, children, className, action }: AlertProps) {
  const { classes, Icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', classes, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 leading-relaxed">{children}</div>
      {action}
    </div>
  );
}

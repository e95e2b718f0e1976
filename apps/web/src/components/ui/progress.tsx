import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

const TONES = {
  brand: 'bg-brand-600',
  warning: 'bg-amber-500',
  danger: 'bg-red-600',
} as const;

export type ProgressTone = keyof typeof TONES;

type ProgressProps = {
  value: number;
  max: number;
  /** What is measured, e.g. "Notifications this month". */
  label: string;
  /** Read by screen readers instead of a bare percentage, e.g. "37 of 1,000". */
  valueText: string;
  tone?: ProgressTone;
  className?: string;
};

/** A horizontal meter; values past `max` fill the bar (Radix rejects them, so they are clamped). */
export function Progress({ value, max, label, valueText, tone = 'brand', className }: ProgressProps) {
  const safeMax = Math.max(max, 1);
  const clamped = Math.min(Math.max(value, 0), safeMax);
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={safeMax}
      aria-label={label}
      getValueLabel={() => valueText}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full rounded-full transition-[width] duration-500', TONES[tone])}
        style={{ width: `${(clamped / safeMax) * 100}%` }}
      />
    </ProgressPrimitive.Root>
  );
}

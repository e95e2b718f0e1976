import { BellRing } from 'lucide-react';
import { cn } from '../lib/cn.ts';

type LogoProps = { className?: string; size?: 'sm' | 'md' | 'lg'; showName?: boolean };

const SIZES = {
  sm: { box: 'size-8 rounded-lg', icon: 'size-4', text: 'text-base' },
  md: { box: 'size-10 rounded-xl', icon: 'size-5', text: 'text-lg' },
  lg: { box: 'size-12 rounded-xl', icon: 'size-6', text: 'text-xl' },
} as const;

/** The Leadbell mark: a ringing bell in a brand-coloured rounded square, with the product name. */
export function Logo({ className, size = 'md', showName = true }: LogoProps) {
  const sizes = SIZES[size];
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-sm shadow-brand-600/30',
          sizes.box,
        )}
      >
        <BellRing aria-hidden="true" className={sizes.icon} />
      </span>
      {showName ? (
        <span className={cn('font-bold tracking-tight text-slate-900 dark:text-white', sizes.text)}>Leadbell</span>
      ) : null}
    </span>
  );
}

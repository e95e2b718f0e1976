import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

type SectionHeadingProps = { id: string; eyebrow?: string; title: ReactNode; children?: ReactNode; className?: string };

/** A section's eyebrow, `h2` (referenced by the section's aria-labelledby) and lede. */
export function SectionHeading({ id, eyebrow, title, children, className }: SectionHeadingProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-300">{eyebrow}</p>
      ) : null}
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white"
      >
        {title}
      </h2>
      {children ? (
        <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600 dark:text-slate-300">{children}</p>
      ) : null}
    </div>
  );
}

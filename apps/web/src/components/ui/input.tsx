import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const FIELD_CLASSES =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500/30 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(FIELD_CLASSES, 'h-11 sm:h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(FIELD_CLASSES, 'min-h-28 py-2.5 leading-relaxed', className)} {...props} />;
}

/** A native select: the phone's own picker, and long lists (time zones) searchable by typing. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(FIELD_CLASSES, 'h-11 pr-8 sm:h-10', className)} {...props} />;
}

import { Check, Copy } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

type CopyButtonProps = {
  /** What is copied, read after "Copy"/"Copied" by screen readers, e.g. "flow ID of Contact form". */
  subject: string;
  isCopied: boolean;
  isPending?: boolean;
  onCopy: () => void;
  className?: string;
};

export function CopyButton({ subject, isCopied, isPending = false, onCopy, className }: CopyButtonProps) {
  return (
    <button
      type="button"
      onClick={onCopy}
      disabled={isPending}
      className={cn(
        'inline-flex h-7 shrink-0 items-center gap-1 rounded-md border px-2 text-xs font-medium transition-colors disabled:opacity-60',
        isCopied
          ? 'border-emerald-200 bg-emerald-50 text-emerald-700'
          : 'border-slate-200 bg-white text-slate-600 hover:bg-slate-50 hover:text-slate-900',
        className,
      )}
    >
      {isPending ? (
        <Spinner className="size-3.5" />
      ) : isCopied ? (
        <Check aria-hidden="true" className="size-3.5" />
      ) : (
        <Copy aria-hidden="true" className="size-3.5" />
      )}
      {isCopied ? 'Copied' : 'Copy'}
      <span className="sr-only"> {subject}</span>
    </button>
  );
}

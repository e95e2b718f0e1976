import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { cn } from '../../../lib/cn.ts';

type CodeBlockProps = {
  /** Names the block for screen readers and the copy button, e.g. "HTML form". */
  label: string;
  code: string;
  isCopied: boolean;
  isCopying?: boolean;
  onCopy: () => void;
  /** Wraps long lines (an address) instead of scrolling them. */
  wrap?: boolean;
};

/** A snippet to paste, with its copy button. Long lines scroll inside the block, never the page. */
export function CodeBlock({ label, code, isCopied, isCopying = false, onCopy, wrap = false }: CodeBlockProps) {
  return (
    <figure className="grid min-w-0 overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      <figcaption className="flex items-center justify-between gap-3 border-b border-slate-700 px-3 py-1.5">
        <span className="text-xs font-medium text-slate-300">{label}</span>
        <CopyButton
          subject={label}
          isCopied={isCopied}
          isPending={isCopying}
          onCopy={onCopy}
          className={
            isCopied ? undefined : 'border-slate-600 bg-slate-800 text-slate-100 hover:bg-slate-700 hover:text-white'
          }
        />
      </figcaption>
      <pre
        tabIndex={0}
        aria-label={`${label} code`}
        className={cn(
          'max-h-[28rem] overflow-auto p-3 font-mono text-xs leading-relaxed text-slate-100 [tab-size:4] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400',
          wrap && 'break-all whitespace-pre-wrap',
        )}
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

import { cn } from '../../../lib/cn.ts';

/**
 * Long-form text rendered from Markdown (blog posts, legal pages): readable measure, spacing and
 * dark-mode colours for the elements Markdown produces.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        'text-[1.0625rem] leading-8 text-slate-700 dark:text-slate-300',
        '[&>*+*]:mt-5 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-300',
        '[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-white',
        '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white',
        '[&_ul]:list-disc [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:pl-6 [&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-slate-400',
        '[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white',
        '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-slate-600 dark:[&_blockquote]:border-brand-800 dark:[&_blockquote]:text-slate-400',
        '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-slate-100 [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.9em] dark:[&_:not(pre)>code]:bg-slate-800',
        '[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-relaxed [&_pre]:text-slate-100 dark:[&_pre]:ring-1 dark:[&_pre]:ring-white/10',
        '[&_hr]:border-slate-200 dark:[&_hr]:border-slate-800',
        '[&_table]:w-full [&_table]:text-left [&_table]:text-sm [&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-4 [&_th]:font-semibold [&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-4 dark:[&_td]:border-slate-800 dark:[&_th]:border-slate-700',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

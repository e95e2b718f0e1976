import { ChevronDown } from 'lucide-react';
import { Accordion as AccordionPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return (
    <AccordionPrimitive.Item
      className={cn('border-b border-slate-200 last:border-b-0 dark:border-slate-800', className)}
      {...props}
    />
  );
}

/** The question: a button (aria-expanded, aria-controls) inside a heading, as the WAI-ARIA accordion pattern asks. */
export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  return (
    <AccordionPrimitive.Header className="flex">
      <AccordionPrimitive.Trigger
        className={cn(
          'group flex flex-1 items-center justify-between gap-4 rounded-lg py-5 text-left text-base font-semibold text-slate-900 hover:text-brand-700 dark:text-slate-100 dark:hover:text-brand-300',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-slate-400 transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  );
}

/**
 * The answer: a region labelled by its question. Always mounted (hidden while closed), so the
 * pre-rendered page carries every answer for readers without JavaScript and for search engines.
 */
export function AccordionContent({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content forceMount className={cn('pb-5 data-[state=closed]:hidden', className)} {...props}>
      {children}
    </AccordionPrimitive.Content>
  );
}

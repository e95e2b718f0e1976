import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;

type SheetContentProps = ComponentProps<typeof Dialog.Content> & {
  title: string;
  /** Rendered in place of the visible title, e.g. a logo; the title stays for screen readers. */
  header?: ReactNode;
};

/** A panel that slides in from the left, used for navigation on phones. */
export function SheetContent({ title, header, className, children, ...props }: SheetContentProps) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
      <Dialog.Content
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-xl outline-none data-[state=open]:animate-[slide-in_200ms_ease-out]',
          className,
        )}
        {...props}
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          {header ? (
            <>
              <Dialog.Title className="sr-only">{title}</Dialog.Title>
              {header}
            </>
          ) : (
            <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
          )}
          <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close menu</span>
          </Dialog.Close>
        </div>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** Overlay and panel classes shared with the alert dialog, so both look alike. */
export const DIALOG_OVERLAY_CLASSES =
  'fixed inset-0 z-40 bg-slate-950/40 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]';
export const DIALOG_PANEL_CLASSES =
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl outline-none data-[state=open]:animate-[pop-in_150ms_ease-out] sm:p-6';

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  title: string;
  description?: ReactNode;
};

/** A centred modal panel with a title, an optional description and a close button. */
export function DialogContent({ title, description, className, children, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={DIALOG_OVERLAY_CLASSES} />
      <DialogPrimitive.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(DIALOG_PANEL_CLASSES, className)}
        {...props}
      >
        <div className="pr-8">
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm leading-relaxed text-slate-600">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        {/* After the content, so opening the dialog focuses its first field rather than Close. */}
        <DialogPrimitive.Close className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900">
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

type FormDialogProps = DialogContentProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog. */
  trigger: ReactNode;
};

/** A dialog opened by its own button, around a DialogForm (its state: useFormDialog). */
export function FormDialog({ open, onOpenChange, trigger, ...content }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent {...content} />
    </Dialog>
  );
}

type DialogFormProps = ComponentProps<'form'> & {
  /** Why the request failed, shown above the fields; null when a field shows it instead. */
  error: string | null;
};

/** A dialog's form: the shared schema's messages instead of the browser's, the request's error first. */
export function DialogForm({ error, className, children, ...props }: DialogFormProps) {
  return (
    <form noValidate className={cn('grid gap-5', className)} {...props}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {children}
    </form>
  );
}

/** A dialog form's footer: Cancel (closes, disabled while saving) and the submit button. */
export function DialogFormActions({ submitLabel, isPending }: { submitLabel: string; isPending: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <DialogPrimitive.Close asChild>
        <Button variant="secondary" disabled={isPending}>
          Cancel
        </Button>
      </DialogPrimitive.Close>
      <Button type="submit" isLoading={isPending}>
        {submitLabel}
      </Button>
    </div>
  );
}

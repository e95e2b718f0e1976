import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { DIALOG_OVERLAY_CLASSES, DIALOG_PANEL_CLASSES } from './dialog.tsx';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
  /** Shown inside the dialog when the confirmed action failed, so it can be retried in place. */
  error?: string | null;
};

/**
 * Asks before a destructive action. Focus starts on Cancel (Radix AlertDialog), and the dialog
 * stays open while the action runs so a failure is shown where the user is looking.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  isPending = false,
  error,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={DIALOG_OVERLAY_CLASSES} />
        <AlertDialog.Content className={DIALOG_PANEL_CLASSES}>
          <div>
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
            <AlertDialog.Description asChild>
              <div className="mt-2 text-sm leading-relaxed text-slate-600">{description}</div>
            </AlertDialog.Description>
          </div>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={isPending}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* A plain button, not AlertDialog.Action: Action closes the dialog before the request ends. */}
            <Button variant="danger" onClick={onConfirm} isLoading={isPending}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

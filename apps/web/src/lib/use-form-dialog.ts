import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

type FormDialogOptions<TForm extends FieldValues, TValues, TResult> = {
  form: UseFormReturn<TForm, unknown, TValues>;
  /** What the form holds each time the dialog opens; its default values when left out. */
  empty?: TForm;
  send: (values: TValues) => Promise<TResult>;
  /** The list the dialog adds to: refetched before the dialog closes, so the new row is there. */
  invalidates: QueryKey;
  /** After the dialog closed: the page shows what was made (a key's secret takes the focus). */
  onDone?: (result: TResult) => void;
  onError?: (error: Error) => unknown;
  /** As the dialog opens, besides emptying the form and forgetting the last attempt's error. */
  onOpen?: () => void;
};

/**
 * The state of a dialog whose form adds something ("Create key", "Invite teammate", "Add endpoint"):
 * it opens on an empty form, cannot be dismissed while the request runs, and closes once the list
 * shows the result. `dialog` goes to FormDialog; `mutation.mutate` is the form's submit.
 */
export function useFormDialog<TForm extends FieldValues, TValues, TResult>({
  form,
  empty,
  send,
  invalidates,
  onDone,
  onError,
  onOpen,
}: FormDialogOptions<TForm, TValues, TResult>) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: invalidates });
      setIsOpen(false);
      onDone?.(result);
    },
    onError,
  });

  function onOpenChange(open: boolean) {
    if (mutation.isPending) return;
    if (open) {
      onOpen?.();
      form.reset(empty);
      mutation.reset();
    }
    setIsOpen(open);
  }

  return { mutation, dialog: { open: isOpen, onOpenChange } };
}

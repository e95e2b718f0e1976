import { useMutation } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client.ts';

type RemovalOptions<T> = {
  remove: (target: T) => Promise<unknown>;
  /** Brings the lists the target was in up to date; awaited before `onRemoved`. */
  refresh: (target: T) => Promise<void>;
  onRemoved: (target: T) => void;
  onClose: () => void;
};

/**
 * A confirm dialog's removal (revoke a key, withdraw an invitation, delete a flow). A 404 means
 * it is already gone (another tab, another admin): the outcome that was asked for, not an error.
 */
export function useRemoval<T>({ remove, refresh, onRemoved, onClose }: RemovalOptions<T>) {
  const mutation = useMutation({
    mutationFn: remove,
    onSettled: async (_data, error, target) => {
      const isGone = !error || (error instanceof ApiError && error.status === 404);
      if (!isGone) return;
      await refresh(target);
      mutation.reset();
      onRemoved(target);
    },
  });
  const isAlreadyGone = mutation.error instanceof ApiError && mutation.error.status === 404;
  return {
    confirm: (target: T) => mutation.mutate(target),
    /** For the dialog's onOpenChange: closing forgets a failed attempt. */
    onOpenChange: (open: boolean) => {
      if (open) return;
      mutation.reset();
      onClose();
    },
    isPending: mutation.isPending,
    error: mutation.isError && !isAlreadyGone ? errorMessage(mutation.error) : null,
  };
}

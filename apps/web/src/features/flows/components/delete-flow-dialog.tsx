import type { Flow } from '@leadbell/shared/flows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { deleteFlow } from '../api/delete-flow.ts';
import { flowQueryKey } from '../api/get-flow.ts';
import { FLOWS_QUERY_KEY } from '../api/get-flows.ts';

type DeleteFlowDialogProps = {
  /** The flow to delete; the dialog is open while it is set. */
  flow: Flow | null;
  onClose: () => void;
  onDeleted: (flow: Flow) => void;
};

const NUMBER = new Intl.NumberFormat('en-US');

/** Confirms deleting a flow, saying how many notifications go with it (decision 012). */
export function DeleteFlowDialog({ flow, onClose, onDeleted }: DeleteFlowDialogProps) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (target: Flow) => deleteFlow(target.flowId),
    onSettled: async (_data, error, target) => {
      // A 404 means it is already gone (another tab): the outcome the user asked for.
      const isGone = !error || (error instanceof ApiError && error.status === 404);
      if (!isGone) return;
      queryClient.removeQueries({ queryKey: flowQueryKey(target.flowId) });
      await queryClient.invalidateQueries({ queryKey: FLOWS_QUERY_KEY, exact: true });
      mutation.reset();
      onDeleted(target);
    },
  });
  const isAlreadyGone = mutation.error instanceof ApiError && mutation.error.status === 404;

  const count = flow?.notificationCount ?? 0;
  return (
    <ConfirmDialog
      open={flow !== null}
      onOpenChange={(open) => {
        if (open) return;
        mutation.reset();
        onClose();
      }}
      title="Delete this flow?"
      description={
        flow ? (
          <>
            <p>
              <strong className="font-semibold text-slate-900">{flow.name}</strong>{' '}
              {count === 0
                ? 'has no notifications. It will be deleted.'
                : `will be deleted together with its ${NUMBER.format(count)} ${count === 1 ? 'notification' : 'notifications'}.`}{' '}
              This can’t be undone.
            </p>
            <p className="mt-2">Your website will get an error if it keeps sending this Flow ID.</p>
          </>
        ) : null
      }
      confirmLabel={count === 0 ? 'Delete flow' : 'Delete flow and notifications'}
      onConfirm={() => flow && mutation.mutate(flow)}
      isPending={mutation.isPending}
      error={mutation.isError && !isAlreadyGone ? errorMessage(mutation.error) : null}
    />
  );
}

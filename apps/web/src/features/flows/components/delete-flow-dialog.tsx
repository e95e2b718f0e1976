import type { Flow } from '@leadbell/shared/flows';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useRemoval } from '../../../lib/use-removal.ts';
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
  const removal = useRemoval({
    remove: (target: Flow) => deleteFlow(target.flowId),
    refresh: async (target) => {
      queryClient.removeQueries({ queryKey: flowQueryKey(target.flowId) });
      await queryClient.invalidateQueries({ queryKey: FLOWS_QUERY_KEY, exact: true });
    },
    onRemoved: onDeleted,
    onClose,
  });

  const count = flow?.notificationCount ?? 0;
  return (
    <ConfirmDialog
      open={flow !== null}
      onOpenChange={removal.onOpenChange}
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
      onConfirm={() => flow && removal.confirm(flow)}
      isPending={removal.isPending}
      error={removal.error}
    />
  );
}

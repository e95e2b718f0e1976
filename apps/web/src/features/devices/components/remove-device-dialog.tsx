import type { Device } from '@leadbell/shared/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { deletePushSubscription } from '../api/delete-push-subscription.ts';
import { DEVICES_QUERY_KEY } from '../api/get-devices.ts';

type RemoveDeviceDialogProps = {
  /** The device to remove; the dialog is open while it is set. */
  device: Device | null;
  name: string;
  onClose: () => void;
  onRemoved: (device: Device) => void;
};

export function RemoveDeviceDialog({ device, name, onClose, onRemoved }: RemoveDeviceDialogProps) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (removed: Device) => {
      await deletePushSubscription(removed.id);
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
      return removed;
    },
    onSuccess: (removed) => {
      mutation.reset();
      onRemoved(removed);
    },
  });

  return (
    <ConfirmDialog
      open={device !== null}
      onOpenChange={(open) => {
        if (open) return;
        mutation.reset();
        onClose();
      }}
      title="Remove this device?"
      description={
        <p>
          <strong className="font-semibold text-slate-900">{name}</strong> stops getting notifications at once. You can
          turn them on again from that device.
        </p>
      }
      confirmLabel="Remove device"
      onConfirm={() => device && mutation.mutate(device)}
      isPending={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error) : null}
    />
  );
}

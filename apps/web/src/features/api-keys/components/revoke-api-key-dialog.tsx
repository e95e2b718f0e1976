import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useRemoval } from '../../../lib/use-removal.ts';
import { API_KEYS_QUERY_KEY } from '../api/get-api-keys.ts';
import { revokeApiKey } from '../api/revoke-api-key.ts';

type RevokeApiKeyDialogProps = {
  /** The key to revoke with the name it is shown under; the dialog is open while it is set. */
  target: { key: ApiKeySummary; name: string } | null;
  onClose: () => void;
  onRevoked: (name: string) => void;
};

export function RevokeApiKeyDialog({ target, onClose, onRevoked }: RevokeApiKeyDialogProps) {
  const queryClient = useQueryClient();
  const removal = useRemoval({
    remove: (revoked: { key: ApiKeySummary; name: string }) => revokeApiKey(revoked.key.id),
    refresh: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
    onRemoved: (revoked) => onRevoked(revoked.name),
    onClose,
  });

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={removal.onOpenChange}
      title="Revoke this API key?"
      description={
        target ? (
          <>
            <p>
              <strong className="font-semibold text-slate-900">{target.name}</strong>{' '}
              <code className="font-mono text-xs">{target.key.maskedKey}</code> stops working at once: websites using it
              can no longer send notifications.
            </p>
            <p className="mt-2">This can’t be undone. Create a new key first if a website still needs one.</p>
          </>
        ) : null
      }
      confirmLabel="Revoke key"
      onConfirm={() => target && removal.confirm(target)}
      isPending={removal.isPending}
      error={removal.error}
    />
  );
}

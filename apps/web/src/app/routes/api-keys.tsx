import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useApiKeys } from '../../features/api-keys/api/get-api-keys.ts';
import { ApiKeysTable } from '../../features/api-keys/components/api-keys-table.tsx';
import { CreateApiKeyDialog } from '../../features/api-keys/components/create-api-key-dialog.tsx';
import { EditAllowedOriginsDialog } from '../../features/api-keys/components/edit-allowed-origins-dialog.tsx';
import { RevokeApiKeyDialog } from '../../features/api-keys/components/revoke-api-key-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';

export function ApiKeysPage() {
  const keys = useApiKeys();
  const [toRevoke, setToRevoke] = useState<{ key: ApiKeySummary; name: string } | null>(null);
  const [toEdit, setToEdit] = useState<{ key: ApiKeySummary; name: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="API Keys"
        description="Your website sends notifications with an API key. Keep keys secret: anyone holding one can ring your phone."
        actions={
          <CreateApiKeyDialog
            onCreated={(key) =>
              setNotice(`API key ${key.label ? `“${key.label}” ` : ''}created. Copy it from the list below.`)
            }
          />
        }
      />
      {notice ? (
        <Alert tone="success" className="mb-6">
          {notice}
        </Alert>
      ) : null}
      {keys.isPending ? (
        <LoadingState label="Loading API keys…" />
      ) : keys.isError ? (
        <ErrorState
          message={errorMessage(keys.error)}
          onRetry={() => void keys.refetch()}
          isRetrying={keys.isFetching}
          quiet
        />
      ) : keys.data.data.length === 0 ? (
        <EmptyState icon={<KeyRound />} title="You haven't created any API Keys yet">
          Create a key, then use it in your website to send notifications.
        </EmptyState>
      ) : (
        <ApiKeysTable
          keys={keys.data.data}
          onRevoke={(key, name) => {
            setNotice(null);
            setToRevoke({ key, name });
          }}
          onEditOrigins={(key, name) => {
            setNotice(null);
            setToEdit({ key, name });
          }}
        />
      )}
      <EditAllowedOriginsDialog
        target={toEdit}
        onClose={() => setToEdit(null)}
        onSaved={(name) => {
          setToEdit(null);
          setNotice(`Allowed websites of ${name} saved.`);
        }}
      />
      <RevokeApiKeyDialog
        target={toRevoke}
        onClose={() => setToRevoke(null)}
        onRevoked={(name) => {
          setToRevoke(null);
          setNotice(`${name} revoked. It no longer works.`);
        }}
      />
    </>
  );
}

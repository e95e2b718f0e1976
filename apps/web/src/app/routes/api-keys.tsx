import { KeyRound } from 'lucide-react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useApiKeys } from '../../features/api-keys/api/get-api-keys.ts';
import { ApiKeysTable } from '../../features/api-keys/components/api-keys-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';

export function ApiKeysPage() {
  const keys = useApiKeys();
  return (
    <>
      <PageHeader
        title="API Keys"
        description="Your website sends notifications with an API key. Keep keys secret: anyone holding one can ring your phone."
      />
      {keys.isPending ? (
        <LoadingState label="Loading API keys…" />
      ) : keys.isError ? (
        <ErrorState
          message={errorMessage(keys.error)}
          onRetry={() => void keys.refetch()}
          isRetrying={keys.isFetching}
        />
      ) : keys.data.data.length === 0 ? (
        <EmptyState icon={<KeyRound />} title="You haven't created any API Keys yet">
          Your first key is issued when you choose a plan.
        </EmptyState>
      ) : (
        <ApiKeysTable keys={keys.data.data} />
      )}
    </>
  );
}

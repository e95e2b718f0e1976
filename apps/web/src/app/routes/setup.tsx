import { PageHeader } from '../../components/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useSetup } from '../../features/setup/api/get-setup.ts';
import { SetupChecklist } from '../../features/setup/components/setup-checklist.tsx';
import { errorMessage } from '../../lib/api-client.ts';

export function SetupPage() {
  const setup = useSetup();
  return (
    <>
      <PageHeader title="Setup" description="From sign-up to a ringing phone and a connected website, in four steps." />
      <div className="max-w-3xl">
        {setup.isPending ? (
          <LoadingState label="Loading your setup…" />
        ) : setup.isError ? (
          <ErrorState
            message={errorMessage(setup.error, 'Failed to load your setup.')}
            onRetry={() => void setup.refetch()}
            isRetrying={setup.isFetching}
          />
        ) : (
          <SetupChecklist setup={setup.data} />
        )}
      </div>
    </>
  );
}

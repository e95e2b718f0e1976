import { Plus, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useFlows } from '../../features/flows/api/get-flows.ts';
import { FlowsTable } from '../../features/flows/components/flows-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useFlashMessage } from '../../lib/flash-message.ts';

function AddNewButton() {
  return (
    <Button asChild>
      <Link to="/flows/new">
        <Plus aria-hidden="true" className="size-4" />
        Add New
      </Link>
    </Button>
  );
}

export function FlowsPage() {
  const flashMessage = useFlashMessage();
  const flows = useFlows();

  return (
    <>
      <PageHeader
        title="Flows"
        description="A flow is a notification template: your website picks one by its Flow ID and Leadbell rings your phone."
        actions={<AddNewButton />}
      />
      {flashMessage ? (
        <Alert tone="success" className="mb-6">
          {flashMessage}
        </Alert>
      ) : null}
      {flows.isPending ? (
        <LoadingState label="Loading flows…" />
      ) : flows.isError ? (
        <ErrorState
          message={errorMessage(flows.error, 'failed to get flows')}
          onRetry={() => void flows.refetch()}
          isRetrying={flows.isFetching}
        />
      ) : flows.data.data.length === 0 ? (
        <EmptyState icon={<Workflow />} title="You haven't created any flows yet">
          Create your first flow, then send its Flow ID from your website’s contact or booking form.
        </EmptyState>
      ) : (
        <FlowsTable flows={flows.data.data} />
      )}
    </>
  );
}

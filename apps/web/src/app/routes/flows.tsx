import type { Flow } from '@leadbell/shared/flows';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Workflow } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useFlows } from '../../features/flows/api/get-flows.ts';
import { DeleteFlowDialog } from '../../features/flows/components/delete-flow-dialog.tsx';
import { FlowsTable } from '../../features/flows/components/flows-table.tsx';
import { notificationsQueryKey } from '../../features/notifications/api/get-notifications.ts';
import { useSetup } from '../../features/setup/api/get-setup.ts';
import { SetupChecklist } from '../../features/setup/components/setup-checklist.tsx';
import { UsagePanel } from '../../features/usage/components/usage-panel.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useIsAdmin } from '../../lib/auth.ts';
import { useFlashMessage } from '../../lib/flash-message.ts';
import { setupProgress } from '../../features/setup/setup-steps.ts';

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
  const queryClient = useQueryClient();
  const flashMessage = useFlashMessage();
  const flows = useFlows();
  const isAdmin = useIsAdmin();
  // The first screen after sign-in and onboarding: the checklist stays on top until it is done;
  // then the flows come first.
  const setup = useSetup();
  const [flowToDelete, setFlowToDelete] = useState<Flow | null>(null);
  const [deletedMessage, setDeletedMessage] = useState<string | null>(null);
  const successMessage = deletedMessage ?? flashMessage;

  function handleDeleted(flow: Flow) {
    queryClient.removeQueries({ queryKey: notificationsQueryKey(flow.flowId) });
    setFlowToDelete(null);
    setDeletedMessage(`Flow “${flow.name}” deleted.`);
  }

  return (
    <>
      <PageHeader
        title="Flows"
        description="A flow is a notification template: your website picks one by its Flow ID and Leadbell rings your phone."
        actions={isAdmin ? <AddNewButton /> : null}
      />
      {successMessage ? (
        <Alert tone="success" className="mb-6">
          {successMessage}
        </Alert>
      ) : null}
      {setup.data && !setupProgress(setup.data, isAdmin).isComplete ? (
        <SetupChecklist setup={setup.data} className="mb-6" />
      ) : null}
      {flows.isPending ? (
        <LoadingState label="Loading flows…" />
      ) : flows.isError ? (
        <ErrorState
          message={errorMessage(flows.error, 'failed to get flows')}
          onRetry={() => void flows.refetch()}
          isRetrying={flows.isFetching}
          quiet
        />
      ) : flows.data.data.length === 0 ? (
        <EmptyState icon={<Workflow />} title="You haven't created any flows yet">
          {isAdmin
            ? 'Create your first flow, then send its Flow ID from your website’s contact or booking form.'
            : 'An admin of your team creates flows; their leads will show here.'}
        </EmptyState>
      ) : (
        <FlowsTable
          flows={flows.data.data}
          canManage={isAdmin}
          onDelete={(flow) => {
            setDeletedMessage(null);
            setFlowToDelete(flow);
          }}
        />
      )}
      {/* After the flows: on a phone the list is what this page is for, once setup is done. */}
      <UsagePanel planHref="/account#plan" className="mt-6" />
      <DeleteFlowDialog flow={flowToDelete} onClose={() => setFlowToDelete(null)} onDeleted={handleDeleted} />
    </>
  );
}

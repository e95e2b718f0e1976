import type { FlowInput } from '@leadbell/shared/flows';
import { useQueryClient } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/state.tsx';
import { useFlow } from '../../features/flows/api/get-flow.ts';
import { FLOWS_QUERY_KEY } from '../../features/flows/api/get-flows.ts';
import { updateFlow } from '../../features/flows/api/update-flow.ts';
import { FlowForm } from '../../features/flows/components/flow-form.tsx';
import { SpamProtection } from '../../features/flows/components/spam-protection.tsx';
import { VisitorAcknowledgement } from '../../features/flows/components/visitor-acknowledgement.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';

export function FlowEditPage() {
  const { flowId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = useFlow(flowId);
  const [submitError, setSubmitError] = useState<string | null>(null);

  async function submit(values: FlowInput) {
    setSubmitError(null);
    try {
      await updateFlow(flowId, values);
    } catch (error) {
      const hasFieldErrors = error instanceof ApiError && Object.keys(error.fields).length > 0;
      if (!hasFieldErrors) setSubmitError(errorMessage(error));
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: FLOWS_QUERY_KEY });
    await navigate('/flows', { state: { message: 'Flow edited successfully' } });
  }

  const back = { to: '/flows', label: 'Back to flows' };
  const isNotFound =
    flow.error instanceof ApiError && (flow.error.status === 404 || flow.error.code === 'validation_error');

  if (flow.isPending) {
    return (
      <>
        <PageHeader back={back} title="Edit Flow" />
        <LoadingState label="Loading flow…" />
      </>
    );
  }
  if (isNotFound) {
    return (
      <>
        <PageHeader back={back} title="Edit Flow" />
        <EmptyState icon={<SearchX />} title="No data found">
          This flow doesn’t exist or was deleted.
        </EmptyState>
      </>
    );
  }
  if (flow.isError) {
    return (
      <>
        <PageHeader back={back} title="Edit Flow" />
        <ErrorState
          message={errorMessage(flow.error, 'failed to get flow')}
          onRetry={() => void flow.refetch()}
          isRetrying={flow.isFetching}
        />
      </>
    );
  }

  const { name, title, message, responseTargetMinutes, isUrgent, ringPolicy, ringStepMinutes } = flow.data;
  return (
    <>
      <PageHeader
        back={back}
        title={`Edit Flow: ${name}`}
        description="Changes apply to the next notification your website sends."
      />
      <div className="grid gap-6">
        <FlowForm
          // Starts over when these values change elsewhere, but not when the sections below save
          // (it changes updatedAt): that would throw away edits not yet saved.
          key={JSON.stringify([name, title, message, responseTargetMinutes, isUrgent, ringPolicy, ringStepMinutes])}
          flowId={flowId}
          defaultValues={{ name, title, message, responseTargetMinutes, isUrgent, ringPolicy, ringStepMinutes }}
          onSubmit={submit}
          submitError={submitError}
        />
        <VisitorAcknowledgement flow={flow.data} />
        <SpamProtection flow={flow.data} />
      </div>
    </>
  );
}

import type { Flow, FlowInput } from '@leadbell/shared/flows';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { createFlow } from '../../features/flows/api/create-flow.ts';
import { FLOWS_QUERY_KEY, getFlows } from '../../features/flows/api/get-flows.ts';
import { FlowForm } from '../../features/flows/components/flow-form.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';

export function FlowNewPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitError, setSubmitError] = useState<string | null>(null);

  async function submit(values: FlowInput) {
    setSubmitError(null);
    let created: Flow;
    try {
      created = await createFlow(values);
    } catch (error) {
      const hasFieldErrors = error instanceof ApiError && Object.keys(error.fields).length > 0;
      if (!hasFieldErrors) setSubmitError(errorMessage(error));
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: FLOWS_QUERY_KEY });
    // The entity's first flow goes straight to connecting the website: that is the next step of setup.
    const isFirst = await queryClient
      .fetchQuery({ queryKey: FLOWS_QUERY_KEY, queryFn: ({ signal }) => getFlows(signal) })
      .then((flows) => flows.data.length === 1 && flows.data[0]?.flowId === created.flowId)
      .catch(() => false);
    await navigate(isFirst ? `/flows/${encodeURIComponent(created.flowId)}/connect` : '/flows', {
      state: { message: 'Flow created successfully.' },
    });
  }

  return (
    <>
      <PageHeader
        back={{ to: '/flows', label: 'Back to flows' }}
        title="Add New Flow"
        description="Set the notification your phone shows when your website sends this flow."
      />
      <FlowForm onSubmit={submit} submitError={submitError} />
    </>
  );
}

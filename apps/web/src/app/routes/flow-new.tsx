import type { FlowInput } from '@leadbell/shared/flows';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { createFlow } from '../../features/flows/api/create-flow.ts';
import { FLOWS_QUERY_KEY } from '../../features/flows/api/get-flows.ts';
import { FlowForm } from '../../features/flows/components/flow-form.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';

export function FlowNewPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitError, setSubmitError] = useState<string | null>(null);

  async function submit(values: FlowInput) {
    setSubmitError(null);
    try {
      await createFlow(values);
    } catch (error) {
      const hasFieldErrors = error instanceof ApiError && Object.keys(error.fields).length > 0;
      if (!hasFieldErrors) setSubmitError(errorMessage(error));
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: FLOWS_QUERY_KEY });
    await navigate('/flows', { state: { message: 'Flow created successfully.' } });
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

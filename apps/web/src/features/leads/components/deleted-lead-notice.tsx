import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { LEADS_QUERY_KEY } from '../api/get-leads.ts';
import { restoreLead } from '../api/restore-lead.ts';

type DeletedLeadNoticeProps = { leadId: string; message: string };

/**
 * The inbox's word after a lead was deleted on its card, with Undo. Focus moves here on arrival
 * and again once the lead is back: the button that had it is gone, and a screen reader reads
 * what happened.
 */
export function DeletedLeadNotice({ leadId, message }: DeletedLeadNoticeProps) {
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);
  const restore = useMutation({
    mutationFn: () => restoreLead(leadId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY }),
  });

  useEffect(() => {
    ref.current?.focus();
  }, [restore.isSuccess]);

  return (
    <div ref={ref} tabIndex={-1} className="mb-4 outline-none">
      {restore.isSuccess ? (
        <Alert tone="success">Lead restored.</Alert>
      ) : (
        <Alert
          tone="success"
          action={
            <Button
              variant="secondary"
              size="sm"
              onClick={() => restore.mutate()}
              isLoading={restore.isPending}
              className="-my-1"
            >
              {restore.isPending ? null : <Undo2 aria-hidden="true" className="size-3.5" />}
              Undo
            </Button>
          }
        >
          <span dir="auto" className="[overflow-wrap:anywhere]">
            {message}
          </span>
          {restore.isError ? (
            <span role="alert" className="mt-1 block font-medium text-red-700">
              {errorMessage(restore.error, 'The lead could not be restored.')}
            </span>
          ) : null}
        </Alert>
      )}
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { CircleCheck, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDevices } from '../../devices/api/get-devices.ts';
import { sendTestLead } from '../api/send-test-lead.ts';
import type { ConnectKey } from '../hooks/use-connect-key.ts';
import { sampleData } from '../snippets.ts';

type SendTestLeadProps = {
  flowId: string;
  /** The fields the snippets send; the sample fills each. */
  fields: string[];
  connectKey: ConnectKey;
};

/** Posts a sample lead through the public endpoint with the page's key, as the website will. */
export function SendTestLead({ flowId, fields, connectKey }: SendTestLeadProps) {
  const devices = useDevices();
  // Promise a ring only where something can ring: with no device, the lead is emailed and listed.
  const hasDevice = (devices.data?.data.length ?? 0) > 0;
  const send = useMutation({
    mutationFn: async () => sendTestLead(await connectKey.secret(), { flowId, data: sampleData(fields) }),
  });
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Sends a sample lead through the same address and key as your website. It’s marked as a test, rings only you
          and is not counted against your plan.
        </p>
        <Button
          variant="secondary"
          onClick={() => send.mutate()}
          isLoading={send.isPending}
          disabled={!connectKey.key}
          className="shrink-0"
        >
          {send.isPending ? null : <FlaskConical aria-hidden="true" className="size-4" />}
          Send a test lead
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {send.isSuccess ? (
          <div className="grid gap-1.5 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            <p className="flex items-start gap-2 font-medium">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {hasDevice
                ? 'Test lead accepted. Your devices should ring in a moment; nobody else on your team is rung for a test.'
                : 'Test lead accepted. No device of yours is set to ring yet: it reaches you alone by email, and waits in Leads under Tests.'}
            </p>
            {send.data.unusedFields.length > 0 ? (
              <p className="break-words [overflow-wrap:anywhere]">
                These fields were not used by your templates: {send.data.unusedFields.join(', ')}.
              </p>
            ) : null}
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              <Link
                to={`/leads/${encodeURIComponent(send.data.id)}`}
                className="font-medium text-emerald-900 underline underline-offset-2"
              >
                Open the test lead
              </Link>
              {hasDevice ? null : (
                <Link to="/setup" className="font-medium text-emerald-900 underline underline-offset-2">
                  Turn on this device
                </Link>
              )}
            </p>
          </div>
        ) : null}
      </div>
      {send.isError ? <Alert tone="error">{errorMessage(send.error)}</Alert> : null}
      {!connectKey.key ? <p className="text-sm text-slate-500">Create an API key above first.</p> : null}
    </div>
  );
}

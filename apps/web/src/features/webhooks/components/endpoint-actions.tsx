import { ChevronDown, Send } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { WebhookDeliveryLog } from './webhook-delivery-log.tsx';

export type TestOutcome = { tone: 'success' | 'error'; text: string };

/**
 * The action row of an endpoint or the Slack connection: "Send test", the "Deliveries" toggle and
 * the card's own actions (`children`), then the test's answer and the delivery log.
 */
export function EndpointActions({
  endpointId,
  isTesting,
  onTest,
  testOutcome,
  testError,
  children,
}: {
  endpointId: string;
  isTesting: boolean;
  onTest: () => void;
  testOutcome: TestOutcome | null;
  testError: string | null;
  children: ReactNode;
}) {
  const logId = useId();
  const [isLogOpen, setIsLogOpen] = useState(false);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" isLoading={isTesting} onClick={onTest}>
          {isTesting ? null : <Send aria-hidden="true" className="size-3.5" />}
          Send test
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={isLogOpen}
          aria-controls={logId}
          onClick={() => setIsLogOpen((open) => !open)}
        >
          <ChevronDown aria-hidden="true" className={cn('size-3.5 transition-transform', isLogOpen && 'rotate-180')} />
          Deliveries
        </Button>
        {children}
      </div>
      {/* Always present, so the test's answer is announced when it arrives; out of the layout while empty. */}
      <div aria-live="polite" className={testOutcome || testError ? undefined : 'sr-only'}>
        {testOutcome ? <Alert tone={testOutcome.tone}>{testOutcome.text}</Alert> : null}
        {testError ? <Alert tone="error">{testError}</Alert> : null}
      </div>
      {isLogOpen ? (
        <div className="border-t border-slate-100 pt-1">
          <WebhookDeliveryLog endpointId={endpointId} id={logId} />
        </div>
      ) : null}
    </>
  );
}

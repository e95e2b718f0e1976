import type { Flow } from '@leadbell/shared/flows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { flowQueryKey } from '../api/get-flow.ts';
import { FLOWS_QUERY_KEY } from '../api/get-flows.ts';
import { removeFlowTurnstile } from '../api/remove-flow-turnstile.ts';
import { TurnstileForm } from './turnstile-form.tsx';

const TURNSTILE_GET_STARTED = 'https://developers.cloudflare.com/turnstile/get-started/';
const LINK_CLASSES = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * The flow's spam protection (decision 039): every lead is judged without anyone lifting a
 * finger; Cloudflare Turnstile is the part an admin turns on, with keys from their own account.
 */
export function SpamProtection({ flow }: { flow: Flow }) {
  return (
    <SectionCard
      id="spam-protection"
      title="Spam protection"
      description={
        <>
          Every lead is checked for spam as it arrives. Leads that look like spam ring nobody: they wait under{' '}
          <Link to="/leads?filter=spam" className={LINK_CLASSES}>
            Spam
          </Link>{' '}
          in your inbox, where you can let them through.
        </>
      }
    >
      <TurnstileSettings flow={flow} />
    </SectionCard>
  );
}

function TurnstileSettings({ flow }: { flow: Flow }) {
  const queryClient = useQueryClient();
  const [isChangingKeys, setIsChangingKeys] = useState(false);
  const [isConfirmingOff, setIsConfirmingOff] = useState(false);
  // Set after each change, a new object each time: the button or form that had focus is gone, so
  // focus moves to the new state, with a message where it says more than the state shows.
  const [outcome, setOutcome] = useState<{ message: string | null } | null>(null);
  const stateRef = useRef<HTMLDivElement>(null);
  const connectLink = (
    <Link to={`/flows/${encodeURIComponent(flow.flowId)}/connect`} className={LINK_CLASSES}>
      Connect your website
    </Link>
  );

  useEffect(() => {
    if (outcome) stateRef.current?.focus();
  }, [outcome]);

  async function saved(updated: Flow, message: string | null) {
    queryClient.setQueryData(flowQueryKey(flow.flowId), updated);
    await queryClient.invalidateQueries({ queryKey: FLOWS_QUERY_KEY, exact: true });
    setIsChangingKeys(false);
    setIsConfirmingOff(false);
    setOutcome({ message });
  }

  const turnOff = useMutation({
    mutationFn: () => removeFlowTurnstile(flow.flowId),
    onSuccess: (updated) => saved(updated, 'Turnstile is off. Forms stop asking for it within a minute.'),
  });

  const siteKey = flow.turnstileSiteKey;
  return (
    <div className="grid gap-4 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">
        Cloudflare Turnstile <span className="font-normal text-slate-500">(optional)</span>
      </h3>
      <div ref={stateRef} tabIndex={-1} className="grid gap-4 outline-none">
        {outcome?.message ? <Alert tone="success">{outcome.message}</Alert> : null}
        {siteKey && !isChangingKeys ? (
          <>
            <p className="flex items-start gap-2 text-sm font-medium text-slate-900">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                Turnstile is on (site key <code className="font-mono text-xs">{siteKey}</code>)
              </span>
            </p>
            <p className="text-sm leading-relaxed text-slate-600">
              The HTML form on {connectLink} includes its widget: use that form on your site, or add the widget to your
              own. Posts without it wait under Spam. Changes take effect within a minute.
            </p>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setIsConfirmingOff(true)}>
                Turn off
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setOutcome(null);
                  setIsChangingKeys(true);
                }}
              >
                Change keys
              </Button>
            </div>
          </>
        ) : (
          <>
            <div className="grid gap-2 text-sm leading-relaxed text-slate-600">
              <p>
                Cloudflare’s free check stops more bots and is invisible to most people. Add a Turnstile widget for your
                site in Cloudflare’s dashboard, then paste its two keys here:{' '}
                <a href={TURNSTILE_GET_STARTED} target="_blank" rel="noopener noreferrer" className={LINK_CLASSES}>
                  how to get the keys
                  <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-0.125em]" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                .
              </p>
              <p>
                It takes effect within a minute, and the HTML form on {connectLink} then includes the widget: put that
                form on your site straight away, as posts without the widget wait under Spam.
              </p>
            </div>
            <TurnstileForm
              flowId={flow.flowId}
              siteKey={siteKey}
              onSaved={(updated) => saved(updated, siteKey ? 'New keys saved.' : null)}
              onCancel={
                isChangingKeys
                  ? () => {
                      setIsChangingKeys(false);
                      setOutcome({ message: null });
                    }
                  : undefined
              }
            />
          </>
        )}
      </div>
      <ConfirmDialog
        open={isConfirmingOff}
        onOpenChange={(open) => {
          if (open) return;
          turnOff.reset();
          setIsConfirmingOff(false);
        }}
        title="Turn Turnstile off?"
        description="Within a minute this flow’s forms are no longer asked for Cloudflare’s check; every lead is still checked for spam. The widget can stay on your site: its answer is then ignored."
        confirmLabel="Turn off"
        onConfirm={() => turnOff.mutate()}
        isPending={turnOff.isPending}
        error={turnOff.isError ? errorMessage(turnOff.error, 'Failed to turn Turnstile off.') : null}
      />
    </div>
  );
}

import type { SetupStatus } from '@leadbell/shared/setup';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, PartyPopper, Plus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useIsAdmin } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { ThisDeviceNotifications } from '../../devices/components/this-device-notifications.tsx';
import { useThisDevice, type ThisDevice } from '../../devices/hooks/use-this-device.ts';
import { SETUP_QUERY_KEY } from '../api/get-setup.ts';
import {
  progressLabel,
  setupProgress,
  SETUP_STEP_TITLES,
  type SetupProgress,
  type SetupStepId,
} from '../setup-steps.ts';
import { AlertStatusNote } from './alert-status-note.tsx';
import { EmailChoice } from './email-choice.tsx';
import { SetupStep } from './setup-step.tsx';
import { TestStep } from './test-step.tsx';

const TEST_CHANNEL_NAMES = { push: 'push', email: 'email', telegram: 'Telegram', sms: 'text message' } as const;

type SetupChecklistProps = {
  setup: SetupStatus;
  className?: string;
};

/**
 * The first-day checklist. Every tick comes from `GET /v1/setup` (kept fresh by useLiveSetup in
 * the shell), so it is true on every device the owner signs in on.
 */
export function SetupChecklist({ setup, className }: SetupChecklistProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const device = useThisDevice();
  const isAdmin = useIsAdmin();
  const progress = setupProgress(setup, isAdmin);
  // The owner may open another step; when the current step changes (a step ticked), it opens.
  const [opened, setOpened] = useState<{ step: SetupStepId | null; whileCurrent: SetupStepId | null } | null>(null);
  const expanded = opened && opened.whileCurrent === progress.current ? opened.step : progress.current;

  // Step ① ticks as soon as the server has the device, not at the next refetch.
  const deviceWithRefresh: ThisDevice = {
    ...device,
    turnOn: async () => {
      await device.turnOn();
      await queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY });
    },
  };

  const announcement = useProgressAnnouncement(progress);
  const thisDeviceId = device.status.kind === 'on' ? device.status.deviceId : null;

  const content: Record<SetupStepId, { summary: ReactNode; body: ReactNode }> = {
    device: {
      summary: (
        <>
          <AlertStatusNote alerting={setup.alerting} fixHref={null} />
          {device.status.kind === 'off' && setup.steps.device.deviceCount > 0 ? (
            <Link to="/account#notifications" className="font-medium text-brand-700 hover:underline">
              Turn notifications on for this device too
            </Link>
          ) : null}
        </>
      ),
      body: (
        <div className="grid gap-4">
          <ThisDeviceNotifications device={deviceWithRefresh} />
          <EmailChoice />
        </div>
      ),
    },
    test: {
      summary: setup.steps.test.confirmedAt ? (
        <>
          {setup.steps.test.channel === 'push'
            ? 'A device confirmed it showed a notification'
            : `A test reached you by ${TEST_CHANNEL_NAMES[setup.steps.test.channel ?? 'email']}`}{' '}
          <RelativeTime at={setup.steps.test.confirmedAt} />.
        </>
      ) : null,
      body: (
        <TestStep
          thisDeviceId={thisDeviceId}
          confirmedAt={setup.steps.test.confirmedAt}
          canEmail={setup.alerting.channels.includes('email')}
        />
      ),
    },
    connect: {
      summary: (
        <>
          Your website reached Leadbell.
          {setup.steps.connect.flowId && isAdmin ? (
            <>
              {' '}
              <Link
                to={`/flows/${encodeURIComponent(setup.steps.connect.flowId)}/connect`}
                className="font-medium text-brand-700 hover:underline"
              >
                Connect page
              </Link>
            </>
          ) : null}
        </>
      ),
      body: isAdmin ? (
        <ConnectStepBody flowId={setup.steps.connect.flowId} />
      ) : (
        <p className="text-sm text-slate-600">An admin of your team connects the website; this ticks when they do.</p>
      ),
    },
    firstLead: {
      summary: setup.steps.firstLead.at ? (
        <>
          It arrived <RelativeTime at={setup.steps.firstLead.at} />.
          {setup.steps.firstLead.flowId ? (
            <>
              {' '}
              <Link to="/leads" className="font-medium text-brand-700 hover:underline">
                See it
              </Link>
            </>
          ) : null}
        </>
      ) : null,
      body: (
        <div className="grid gap-2 text-sm text-slate-600">
          <p>When a visitor sends your form, this step ticks by itself and your phone rings.</p>
          <p className="flex items-center gap-2 text-slate-500">
            <Spinner className="text-brand-600" />
            Waiting for your first lead…
          </p>
        </div>
      ),
    },
  };

  return (
    <Card className={cn('p-4 sm:p-6', className)}>
      <section aria-labelledby={headingId} className="grid gap-4">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              Set up Leadbell
            </h2>
            <p className="text-sm font-medium text-slate-500">{progressLabel(progress)} done</p>
          </div>
          <Progress
            value={progress.doneCount}
            max={progress.total}
            label="Setup progress"
            valueText={`${progressLabel(progress)} steps done`}
          />
          {progress.isComplete ? (
            <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
              <PartyPopper aria-hidden="true" className="size-4" />
              {isAdmin
                ? 'You’re all set: your website sends leads and your phone rings.'
                : 'You’re all set: your phone rings when a lead arrives.'}
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              {isAdmin ? 'Four steps' : 'Two steps'} to hearing about every lead. Each ticks by itself when it’s done.
            </p>
          )}
        </div>
        <ol className="grid gap-2">
          {progress.steps.map((id, index) => (
            <SetupStep
              key={id}
              number={index + 1}
              title={SETUP_STEP_TITLES[id]}
              isDone={progress.isDone[id]}
              summary={content[id].summary}
              isExpanded={expanded === id}
              onToggle={() => setOpened({ step: expanded === id ? null : id, whileCurrent: progress.current })}
            >
              {content[id].body}
            </SetupStep>
          ))}
        </ol>
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </section>
    </Card>
  );
}

function ConnectStepBody({ flowId }: { flowId: string | null }) {
  if (!flowId) {
    return (
      <div className="grid gap-3 text-sm text-slate-600">
        <p>
          Create a flow first: it’s the notification your phone shows for a kind of lead, like “Contact form”. Then
          paste a ready-made snippet into your website.
        </p>
        <div>
          <Button asChild className="w-full sm:w-auto">
            <Link to="/flows/new">
              <Plus aria-hidden="true" className="size-4" />
              Create a flow
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-3 text-sm text-slate-600">
      <p>
        Copy a ready-made snippet for your site (an HTML form, WordPress, PHP, JavaScript…) with your address, flow and
        key filled in, or send a test lead from there.
      </p>
      <div>
        <Button asChild className="w-full sm:w-auto">
          <Link to={`/flows/${encodeURIComponent(flowId)}/connect`}>
            Open the Connect page
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** "Step done: …" for screen readers when a step ticks while the page is open (not on first render). */
function useProgressAnnouncement({ doneCount, total, current }: SetupProgress): string {
  const [seen, setSeen] = useState(doneCount);
  const [announcement, setAnnouncement] = useState('');
  if (doneCount !== seen) {
    setSeen(doneCount);
    if (doneCount > seen)
      setAnnouncement(
        current
          ? `Step done. ${doneCount} of ${total} done; next: ${SETUP_STEP_TITLES[current]}.`
          : 'Setup complete: every step is done.',
      );
  }
  return announcement;
}

import type { Device, TestNotificationResult } from '@leadbell/shared/devices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Mail, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { DEVICES_QUERY_KEY, getDevices } from '../../devices/api/get-devices.ts';
import { sendTestNotification } from '../../devices/api/send-test-notification.ts';
import { pushServiceName } from '../../devices/push-service-name.ts';
import { SETUP_QUERY_KEY } from '../api/get-setup.ts';
import { sendEmailTest } from '../api/send-email-test.ts';
import { isOutcomePending, testOutcomeOf, type TestOutcome } from '../test-outcome.ts';

/** The live stream's `setup` event usually tells the outcome; polling covers a stream that is down. */
const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;
/** After this long without the device's confirmation, say what usually hides a notification. */
const SLOW_AFTER_MS = 20_000;

type TestStepProps = {
  /** This browser's device when its notifications are on. */
  thisDeviceId: string | null;
  /** When a device last confirmed a push (the server's test step). */
  confirmedAt: string | null;
  /** Leads reach the person by email (the alert status): a test email is offered too. */
  canEmail: boolean;
};

type SentTest = TestNotificationResult & { deviceId: string; sentAtMs: number };

/**
 * ② Send a test notification: rings a device through the real queue and shows how far it got, or
 * emails the person, by whichever channel reaches them (issue 49).
 */
export function TestStep({ thisDeviceId, confirmedAt, canEmail }: TestStepProps) {
  const [sent, setSent] = useState<SentTest | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const isPolling = sent !== null && now - sent.sentAtMs < POLL_FOR_MS;
  const devices = useQuery({
    queryKey: DEVICES_QUERY_KEY,
    queryFn: ({ signal }) => getDevices(signal),
    refetchInterval: (query) => {
      if (!sent || !isPolling) return false;
      const device = query.state.data?.data.find((candidate) => candidate.id === sent.deviceId) ?? null;
      return isOutcomePending(testOutcomeOf({ sentAt: sent.sentAt, device, confirmedAt })) ? POLL_MS : false;
    },
  });
  const target = targetDevice(devices.data?.data, thisDeviceId);
  const send = useMutation({
    mutationFn: (deviceId: string) => sendTestNotification(deviceId),
    onSuccess: (result, deviceId) => setSent({ ...result, deviceId, sentAtMs: Date.now() }),
  });

  useEffect(() => {
    if (!sent) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sent]);

  if (devices.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="text-brand-600" />
        Loading your devices…
      </p>
    );
  }
  if (!target) {
    if (canEmail) return <EmailTest isOnlyWay />;
    return (
      <p className="text-sm text-slate-600">
        Turn on notifications on this device first (step 1): the test rings the device you turn them on for.
      </p>
    );
  }

  const sentDevice = sent ? (devices.data?.data.find((device) => device.id === sent.deviceId) ?? null) : undefined;
  const outcome = sent ? testOutcomeOf({ sentAt: sent.sentAt, device: sentDevice, confirmedAt }) : null;
  const isThisDevice = target.id === thisDeviceId;
  const targetName = isThisDevice ? 'this device' : (target.label ?? 'your device');

  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        Leadbell sends a test through the same path as a real lead. It should appear on {targetName} within a few
        seconds, even with Leadbell in the background.
      </p>
      <div>
        <Button
          onClick={() => send.mutate(target.id)}
          isLoading={send.isPending}
          disabled={outcome !== null && isOutcomePending(outcome) && isPolling}
          className="w-full sm:w-auto"
        >
          {send.isPending ? null : <Send aria-hidden="true" className="size-4" />}
          {isThisDevice ? 'Ring this device' : `Ring ${targetName}`}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {send.isError ? (
          <p className="flex items-start gap-2 text-red-700">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {errorMessage(send.error)}
          </p>
        ) : outcome && sent ? (
          <OutcomeLine
            outcome={outcome}
            device={sentDevice ?? null}
            targetName={targetName}
            isSlow={now - sent.sentAtMs > SLOW_AFTER_MS}
            isPolling={isPolling}
          />
        ) : null}
      </div>
      {canEmail ? <EmailTest isOnlyWay={false} /> : null}
    </div>
  );
}

/** A test email: the checklist ticks once the mail server took it (the server records it). */
function EmailTest({ isOnlyWay }: { isOnlyWay: boolean }) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: sendEmailTest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY }),
  });
  return (
    <div className={cn('grid gap-3', !isOnlyWay && 'border-t border-slate-100 pt-4')}>
      <p className="text-sm text-slate-600">
        {isOnlyWay
          ? 'New leads reach you by email. Send yourself a test to see one arrive.'
          : 'Leads reach you by email too: send yourself a test email.'}
      </p>
      <div>
        <Button
          variant={isOnlyWay ? 'primary' : 'secondary'}
          onClick={() => send.mutate()}
          isLoading={send.isPending}
          className="w-full sm:w-auto"
        >
          {send.isPending ? null : <Mail aria-hidden="true" className="size-4" />}
          Email me a test
        </Button>
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {send.isSuccess ? (
          <p className="flex items-start gap-2 font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="[overflow-wrap:anywhere]">Sent to {send.data.to}, as a lead’s email would be.</span>
          </p>
        ) : null}
      </div>
      {send.isError ? <Alert tone="error">{errorMessage(send.error)}</Alert> : null}
    </div>
  );
}

/** This browser's device when on, else the user's most recently added one. */
function targetDevice(devices: Device[] | undefined, thisDeviceId: string | null): Device | null {
  if (!devices?.length) return null;
  return (
    devices.find((device) => device.id === thisDeviceId) ??
    [...devices].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0] ??
    null
  );
}

type OutcomeLineProps = {
  outcome: TestOutcome;
  device: Device | null;
  targetName: string;
  isSlow: boolean;
  isPolling: boolean;
};

function OutcomeLine({ outcome, device, targetName, isSlow, isPolling }: OutcomeLineProps) {
  switch (outcome.kind) {
    case 'sending':
      return (
        <p className="flex items-start gap-2 text-slate-600">
          <Spinner className="mt-0.5 shrink-0 text-brand-600" />
          {isPolling ? 'Sending…' : 'Still sending. The push service has not answered yet; try again in a minute.'}
        </p>
      );
    case 'pushed':
      return (
        <div className="grid gap-1.5">
          <p className="flex items-start gap-2 text-slate-700">
            <Spinner className="mt-0.5 shrink-0 text-brand-600" />
            <span>
              Delivered to the push service{device ? ` (${pushServiceName(device.pushService)})` : ''}. Waiting for{' '}
              {targetName} to confirm it showed the notification…
            </span>
          </p>
          {isSlow ? (
            <p className="text-slate-500">
              Nothing on the screen? Check that notifications from your browser are allowed in the phone’s or computer’s
              settings, and that Focus or Do Not Disturb is off.
            </p>
          ) : null}
        </div>
      );
    case 'received':
      return (
        <p className="flex items-start gap-2 font-medium text-emerald-800">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Received on {targetName} <RelativeTime at={outcome.at} />.
        </p>
      );
    case 'failed':
      return (
        <p className="flex items-start gap-2 text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="break-words">
            Not delivered: {outcome.reason}. Leadbell retries for a while; if it keeps failing, turn notifications off
            and on again on {targetName}, then ring it again.
          </span>
        </p>
      );
    case 'removed':
      return (
        <p className="flex items-start gap-2 text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The push service says this device’s subscription no longer exists, so Leadbell removed it. Turn notifications
          on again (step 1).
        </p>
      );
  }
}

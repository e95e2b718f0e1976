import { useMutation } from '@tanstack/react-query';
import { BellOff, BellRing, Send, Share, SquarePlus } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { sendTestNotification } from '../api/send-test-notification.ts';
import type { ThisDevice } from '../hooks/use-this-device.ts';

/** The control that turns push notifications on or off for the browser the owner is using. */
export function ThisDeviceNotifications({ device }: { device: ThisDevice }) {
  const { status, error } = device;
  return (
    <div className="grid gap-4">
      {status.kind === 'checking' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="text-brand-600" />
          Checking this device…
        </p>
      ) : status.kind === 'unsupported' ? (
        <Alert tone="info">
          This browser can’t receive notifications from websites. Use Chrome, Edge or Firefox on a computer or an
          Android phone, or Leadbell added to the Home Screen of an iPhone or iPad (iOS 16.4 or later).
        </Alert>
      ) : status.kind === 'ios-install' ? (
        <IosInstallSteps />
      ) : status.kind === 'denied' ? (
        <Alert tone="error">
          <strong className="font-semibold">Notifications are blocked for Leadbell in this browser.</strong> To allow
          them, open the site settings (the icon left of the address, or Settings › Notifications on a phone), set
          Notifications to Allow for this site, then reload this page.
        </Alert>
      ) : status.kind === 'on' || status.kind === 'turning-off' ? (
        <DeviceOn device={device} deviceId={status.deviceId} isTurningOff={status.kind === 'turning-off'} />
      ) : (
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            Get a notification on this device the moment a lead arrives, even when Leadbell is closed.
          </p>
          <Button onClick={() => void device.turnOn()} isLoading={status.kind === 'subscribing'}>
            {status.kind === 'subscribing' ? null : <BellRing aria-hidden="true" className="size-4" />}
            {status.kind === 'subscribing' ? 'Turning on…' : 'Turn on notifications'}
          </Button>
        </div>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}

function DeviceOn({ device, deviceId, isTurningOff }: { device: ThisDevice; deviceId: string; isTurningOff: boolean }) {
  const test = useMutation({ mutationFn: () => sendTestNotification(deviceId) });
  return (
    <div className="grid gap-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone="success">
          <BellRing aria-hidden="true" />
          On
        </Badge>
        This device gets a notification for every lead.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={() => test.mutate()} isLoading={test.isPending} disabled={isTurningOff}>
          {test.isPending ? null : <Send aria-hidden="true" className="size-4" />}
          Send test notification
        </Button>
        <Button variant="ghost" onClick={() => void device.turnOff(deviceId)} isLoading={isTurningOff}>
          {isTurningOff ? null : <BellOff aria-hidden="true" className="size-4" />}
          Turn off
        </Button>
      </div>
      {test.isSuccess ? (
        <Alert tone="success">Test notification sent. It should arrive on this device in a few seconds.</Alert>
      ) : null}
      {test.isError ? <Alert tone="error">{errorMessage(test.error)}</Alert> : null}
    </div>
  );
}

function IosInstallSteps() {
  return (
    <div className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
      <p>On iPhone and iPad, notifications work once Leadbell is on your Home Screen (iOS 16.4 or later):</p>
      <ol className="grid gap-2">
        <li className="flex items-center gap-2">
          <Share aria-hidden="true" className="size-4 shrink-0" />
          <span>
            1. Tap <strong className="font-semibold">Share</strong> in Safari’s toolbar.
          </span>
        </li>
        <li className="flex items-center gap-2">
          <SquarePlus aria-hidden="true" className="size-4 shrink-0" />
          <span>
            2. Choose <strong className="font-semibold">Add to Home Screen</strong>.
          </span>
        </li>
        <li className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="size-4 shrink-0" />
          <span>3. Open Leadbell from your Home Screen, sign in, and turn notifications on here.</span>
        </li>
      </ol>
    </div>
  );
}

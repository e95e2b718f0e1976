import type { Device } from '@leadbell/shared/devices';
import { Smartphone, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { useDevices } from '../api/get-devices.ts';
import { pushServiceName } from '../push-service-name.ts';
import { RemoveDeviceDialog } from './remove-device-dialog.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

type DevicesListProps = {
  /** This browser's device, marked in the list. */
  thisDeviceId: string | null;
  onRemoved: (deviceId: string) => void;
};

function nameOf(device: Device): string {
  return device.label ?? 'Unnamed device';
}

/** The signed-in user's devices, each removable after a confirmation. */
export function DevicesList({ thisDeviceId, onRemoved }: DevicesListProps) {
  const devices = useDevices();
  const [toRemove, setToRemove] = useState<Device | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (devices.isPending) return <LoadingState label="Loading devices…" className="py-6" />;
  if (devices.isError) {
    return (
      <ErrorState
        message={errorMessage(devices.error, 'Failed to load your devices.')}
        onRetry={() => void devices.refetch()}
        isRetrying={devices.isFetching}
        quiet
      />
    );
  }

  return (
    <div className="grid gap-3">
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {devices.data.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500">
          No devices yet. Turn notifications on, on each phone or computer where you want to hear about leads.
        </p>
      ) : (
        <ul aria-label="Your devices" className="grid divide-y divide-slate-100 rounded-lg border border-slate-200">
          {devices.data.data.map((device) => (
            <DeviceItem
              key={device.id}
              device={device}
              isThisDevice={device.id === thisDeviceId}
              onRemove={() => {
                setNotice(null);
                setToRemove(device);
              }}
            />
          ))}
        </ul>
      )}
      <RemoveDeviceDialog
        device={toRemove}
        name={toRemove ? nameOf(toRemove) : ''}
        onClose={() => setToRemove(null)}
        onRemoved={(device) => {
          setToRemove(null);
          setNotice(`${nameOf(device)} removed. It no longer gets notifications.`);
          onRemoved(device.id);
        }}
      />
    </div>
  );
}

function DeviceItem({
  device,
  isThisDevice,
  onRemove,
}: {
  device: Device;
  isThisDevice: boolean;
  onRemove: () => void;
}) {
  const name = nameOf(device);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500"
        >
          <Smartphone className="size-4.5" />
        </span>
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words text-slate-900">{name}</span>
            {isThisDevice ? <Badge tone="brand">This device</Badge> : null}
            {device.isFailing ? (
              <Badge tone="danger">
                <TriangleAlert aria-hidden="true" />
                Failing
              </Badge>
            ) : null}
          </p>
          <p className="text-xs text-slate-500">
            {pushServiceName(device.pushService)} · added{' '}
            <time dateTime={device.createdAt} title={formatDateTime(device.createdAt)}>
              {formatDate(device.createdAt)}
            </time>{' '}
            ·{' '}
            {device.lastSuccessAt ? (
              <>
                last delivered <RelativeTime at={device.lastSuccessAt} />
              </>
            ) : (
              'nothing delivered yet'
            )}
          </p>
          {device.isFailing ? (
            <p className="text-xs text-red-700">
              The last {device.consecutiveFailures} deliveries failed
              {device.lastFailureReason ? `: ${device.lastFailureReason}` : ''}. Turn notifications off and on again on
              that device, or remove it.
            </p>
          ) : null}
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRemove}
        aria-label={`Remove ${name}`}
        className="self-start text-red-700 hover:bg-red-50 hover:text-red-800"
      >
        <Trash2 aria-hidden="true" className="size-3.5" />
        Remove
      </Button>
    </li>
  );
}

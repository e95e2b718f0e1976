import type { AlertChannel, AlertStatus } from '@leadbell/shared/setup';

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function channelText(channel: AlertChannel, { workingDeviceCount }: AlertStatus): string {
  switch (channel) {
    case 'push':
      return workingDeviceCount === 1 ? 'push on 1 device' : `push on ${workingDeviceCount} devices`;
    case 'email':
      return 'email';
    case 'telegram':
      return 'Telegram';
    case 'sms':
      return 'text message';
  }
}

/**
 * How a new lead reaches the person, as the server worked it out (issue 49): `push on 2 devices
 * and email`; null when nothing would. The banner, the checklist and the lead card say it alike.
 */
export function alertChannelsText(alerting: AlertStatus): string | null {
  if (alerting.channels.length === 0) return null;
  return listOf(alerting.channels.map((channel) => channelText(channel, alerting)));
}

/** Why nothing would reach the person, in one line, or null when something would. */
export function alertingWarning(alerting: AlertStatus): string | null {
  if (alerting.channels.length > 0) return null;
  const devices =
    alerting.deviceCount === 0
      ? 'No phone or computer of yours has notifications turned on'
      : 'None of your devices has confirmed it gets notifications';
  return `${devices}, and email copies are off.`;
}

const DISMISSED_KEY = 'leadbell.alerting-warning-dismissed-at';
/** A dismissed warning comes back after a week while it is still true: long enough not to nag, short enough not to forget. */
export const ALERTING_WARNING_QUIET_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether the warning was dismissed less than a week ago in this browser. */
export function isAlertingWarningDismissed(now = Date.now()): boolean {
  try {
    const dismissedAt = Number(localStorage.getItem(DISMISSED_KEY));
    return dismissedAt > 0 && now - dismissedAt < ALERTING_WARNING_QUIET_MS;
  } catch {
    return false;
  }
}

export function dismissAlertingWarning(now = Date.now()): void {
  try {
    localStorage.setItem(DISMISSED_KEY, String(now));
  } catch {
    // Storage refused (private mode quotas): the warning hides for this page view only.
  }
}

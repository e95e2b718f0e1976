import type { SetupStatus } from '@leadbell/shared/setup';

/**
 * Why the signed-in user would not hear about a new lead, in one line, or null when they would.
 * The server decides (`alerting.willBeAlerted`); this only words the reason.
 */
export function alertingWarning(status: Pick<SetupStatus, 'alerting' | 'steps'>): string | null {
  const { alerting, steps } = status;
  if (alerting.willBeAlerted) return null;
  const devices =
    steps.device.deviceCount === 0
      ? 'No phone or computer of yours has notifications turned on'
      : 'None of your devices has confirmed it gets notifications';
  const email = !alerting.canSendEmail
    ? 'this server cannot send email'
    : alerting.emailCopies
      ? 'no email would reach you'
      : 'email copies are off';
  return `${devices}, and ${email}.`;
}

const DISMISSED_KEY = 'leadbell.alerting-warning-dismissed';

/** Dismissed for this browser session only: a new session shows the warning again while it is true. */
export function isAlertingWarningDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissAlertingWarning(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage refused (private mode quotas): the warning hides for this page view only.
  }
}

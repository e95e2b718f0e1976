import type { AlertChannel } from '@leadbell/shared/setup';

/** What the person's records say, as the setup query reads them. */
export type AlertRecords = {
  deviceCount: number;
  failingDeviceCount: number;
  workingDeviceCount: number;
  emailCopies: boolean;
  /** A linked Telegram chat that is on, on a server that has a bot. */
  hasTelegram: boolean;
  /** Texts for every lead to a verified number, on a server that can text. */
  hasSms: boolean;
};

/**
 * The channels a new lead reaches the person by (issue 49), in ALERT_CHANNELS order: a push on
 * every device that confirmed one and is not failing; an email when they want copies, and as the
 * fallback with no device or only failing ones (whatever the transport: a local server's log is
 * where its owner reads mail); their Telegram and texts. Empty: nothing would reach them.
 */
export function alertChannelsOf(records: AlertRecords): AlertChannel[] {
  const channels: AlertChannel[] = [];
  if (records.workingDeviceCount > 0) channels.push('push');
  if (records.emailCopies || records.failingDeviceCount === records.deviceCount) channels.push('email');
  if (records.hasTelegram) channels.push('telegram');
  if (records.hasSms) channels.push('sms');
  return channels;
}

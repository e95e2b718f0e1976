import type { Env } from '../env.ts';
import { createWebPushSender, type WebPushSender } from '../features/deliveries/web-push-sender.ts';
import type { NotificationHub } from '../features/events/notification-hub.ts';
import type { Secrets } from '../lib/secrets.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Database } from '../db/client.ts';
import { PUSH_TIMEOUT_MS } from './deliver-notification.job.ts';
import { createDeliverer, type DeliverNotificationDependencies } from './deliver-notification.handler.ts';
import type { Clock } from '../lib/clock.ts';
import type { DeliveryQueue } from './delivery-queue.ts';
import { createJobHandler } from './job-registry.ts';
import type { WebhookDependencies } from '../features/webhooks/deliver-webhook.ts';
import { telegramConfigOf } from '../features/telegram/telegram-config.ts';
import { smsProviderOf } from '../features/sms/sms-provider.ts';
import { voiceProviderOf } from '../features/voice/voice-provider.ts';

/**
 * Runs delivery jobs in this process, woken by the hub whenever jobs commit anywhere. Stopping
 * the queue stops the worker; `close` then releases the push connections.
 */
export function startDeliveryWorker({
  queue,
  hub,
  mailer,
  env,
  secrets,
  pushCa,
  clock,
  onAttempt,
  webhooks,
}: {
  queue: DeliveryQueue;
  hub: NotificationHub;
  mailer: Mailer;
  env: Env;
  secrets: Pick<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'>;
  pushCa: string | undefined;
  clock: Clock;
  onAttempt?: DeliverNotificationDependencies['onAttempt'];
  /** Outgoing webhooks' sender and what their jobs need (decision 049). */
  webhooks: Omit<WebhookDependencies, 'db' | 'queue'>;
}): { warmPushServices: WebPushSender['warmUp']; warmUpPushes: () => void; close: () => Promise<void> } {
  const sender = createWebPushSender({
    vapid: {
      subject: `mailto:${env.SUPPORT_EMAIL}`,
      publicKey: secrets.vapidPublicKey,
      privateKey: secrets.vapidPrivateKey,
    },
    timeoutMs: PUSH_TIMEOUT_MS,
    ca: pushCa,
  });
  const channels = { telegram: telegramConfigOf(env), sms: smsProviderOf(env), voice: voiceProviderOf(env) };
  // One deliverer on the push lane's connections, one on the channels' (decision 054).
  const delivererOn = (db: Database) =>
    createDeliverer({ db, queue, wakeAt: queue.wakeAt, sender, mailer, env, clock, ...channels, onAttempt });
  const [deliverer, channelDeliverer] = [delivererOn(queue.db), delivererOn(queue.channelsDb)];
  const handle = createJobHandler({ queue, mailer, env, clock, deliverer, webhooks });
  queue.startWorker({
    // A lane runs whatever kind its queue holds: jobs queued before the channels had lanes of
    // their own run where they were queued.
    handlers: { push: handle, webhooks: handle, telegram: handle, sms: handle },
    senders: { push: deliverer.send, telegram: channelDeliverer.send, sms: channelDeliverer.send },
    subscribeWakeUps: hub.subscribeDeliveryJobs,
  });
  return { warmPushServices: sender.warmUp, warmUpPushes: deliverer.warmUp, close: sender.close };
}

import { eq } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import type { Database } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema/devices.ts';
import type { Env } from '../env.ts';
import { outcomeOfPushAnswer, type AttemptOutcome } from '../features/deliveries/attempt-outcome.ts';
import type { DeliveryTarget } from '../features/deliveries/find-delivery-targets.ts';
import { leadDialNumberOf } from '@leadbell/shared/contact';
import type { PushPayload } from '@leadbell/shared/push-payload';
import { notificationMail } from '../features/deliveries/notification-mail.ts';
import { buildPushPayload, leadPushActions } from '../features/deliveries/push-payload.ts';
import { leadsNoLongerOpen, waitsForAnOpenLead } from '../features/deliveries/leads-no-longer-open.ts';
import { isPushServiceAllowed } from '../features/deliveries/push-service-hosts.ts';
import { quietDeliveryIdsAt } from '../features/deliveries/quiet-delivery-ids.ts';
import {
  recordDeliveryAttempt,
  recordSettledAttempts,
  type SettledAttempt,
} from '../features/deliveries/record-delivery-attempt.ts';
import { recordDeviceHealth } from '../features/deliveries/record-device-health.ts';
import type { PushTarget } from '../features/deliveries/push-encryption-pool.ts';
import type { WebPushSender } from '../features/deliveries/web-push-sender.ts';
import { unansweredLeadMail } from '../features/leads/unanswered-lead-mail.ts';
import { callTelegram, type TelegramAnswer } from '../features/telegram/telegram-bot-api.ts';
import type { TelegramConfig } from '../features/telegram/telegram-config.ts';
import { telegramLeadMessage } from '../features/telegram/telegram-message.ts';
import { sendLeadTexts } from '../features/sms/send-lead-sms.ts';
import type { SmsProvider } from '../features/sms/sms-provider.ts';
import { placeLeadCalls } from '../features/voice/place-lead-calls.ts';
import type { VoiceProvider } from '../features/voice/voice-provider.ts';
import { batchWhileBusy } from '../lib/batch-while-busy.ts';
import type { Clock } from '../lib/clock.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import type { DeliveryQueue } from './delivery-queue.ts';

export type DeliverNotificationDependencies = {
  db: Database;
  /** Queues the entity alert when texts stop for the month (sendLeadTexts). */
  queue: DeliveryQueue;
  /** Has the lanes fetch again at `at`: a retry is due then (decision 067). */
  wakeAt: (at: Date) => void;
  sender: WebPushSender;
  mailer: Mailer;
  env: Pick<Env, 'PUBLIC_URL' | 'PUSH_TTL_SECONDS' | 'PUSH_SERVICE_HOSTS'>;
  clock: Clock;
  /** The bot that sends `telegram` deliveries (decision 052); null when Telegram is off. */
  telegram: TelegramConfig | null;
  /** Sends `sms` deliveries (decision 053); null when SMS is off. */
  sms: SmsProvider | null;
  /** Places `voice` deliveries' calls (issue 50); null when calls are off. */
  voice: VoiceProvider | null;
  /** Told the channel and outcome of every attempt (the metrics). */
  onAttempt?: (channel: DeliveryTarget['channel'], outcome: AttemptOutcome['kind']) => void;
};

const TEST_TTL_SECONDS = 300;

type PushContentInputs = Pick<
  DeliveryTarget,
  | 'purpose'
  | 'responseTargetSeconds'
  | 'data'
  | 'defaultCountry'
  | 'title'
  | 'message'
  | 'notificationId'
  | 'flowId'
  | 'deliveryId'
  | 'isTest'
>;

/** What a lead's push says: its text, where it opens, and the number its Call button dials. */
function pushContentOf(delivery: PushContentInputs, url: string, isQuiet: boolean): PushPayload {
  const isEscalation = delivery.purpose === 'escalation';
  const minutes = Math.round((delivery.responseTargetSeconds ?? 0) / 60);
  const phone = leadDialNumberOf(delivery.data, delivery.defaultCountry);
  return {
    title: isEscalation ? `Still unanswered (${minutes} min): ${delivery.title}` : delivery.title,
    message: delivery.message,
    url,
    notificationId: delivery.notificationId,
    flowId: delivery.flowId,
    deliveryId: delivery.deliveryId,
    deviceId: null,
    isTest: delivery.isTest,
    phone,
    actions: leadPushActions(phone),
    escalation: isEscalation,
    silent: isQuiet,
  };
}

// What a start rehearses (decision 093): a lead with a phone number, as a website sends one.
const SAMPLE_PUSH: PushContentInputs = {
  purpose: 'lead',
  responseTargetSeconds: 300,
  data: { name: 'Ana Sample', phone: '+1 415 555 0100', message: 'Do you deliver on Sundays?' },
  defaultCountry: 'US',
  title: 'New inquiry from Ana Sample',
  message: 'Do you deliver on Sundays?',
  notificationId: '00000000-0000-4000-8000-000000000000',
  flowId: '00000000-0000-4000-8000-000000000000',
  deliveryId: '00000000-0000-4000-8000-000000000000',
  isTest: false,
};

function failed(error: string): AttemptOutcome {
  return { kind: 'failed', error, statusCode: null, durationMs: 0 };
}

/** Mail servers answer 5xx for what will never work (unknown mailbox); anything else may pass later. */
function outcomeOfMailError(error: unknown, durationMs: number): AttemptOutcome {
  const responseCode = (error as { responseCode?: number }).responseCode;
  const message = `mail not sent: ${(error as Error).message}`;
  return responseCode && responseCode >= 500
    ? { kind: 'failed', error: message, statusCode: responseCode, durationMs }
    : { kind: 'retry', error: message, statusCode: responseCode ?? null, durationMs };
}

/** Telegram's answers: 429 and 5xx (and no answer) pass later; any other refusal (403: the member blocked the bot) will not. */
function outcomeOfTelegramAnswer(answer: TelegramAnswer): AttemptOutcome {
  const { statusCode, durationMs } = answer;
  if (answer.ok) return { kind: 'delivered', statusCode, durationMs };
  const error = answer.error ?? 'Telegram refused the message';
  if (statusCode === 429 && answer.retryAfterSeconds !== null)
    return { kind: 'retry', error, retryAfterMs: answer.retryAfterSeconds * 1000, statusCode, durationMs };
  if (statusCode === null || statusCode === 429 || statusCode >= 500)
    return { kind: 'retry', error, statusCode, durationMs };
  return { kind: 'failed', error, statusCode, durationMs };
}

const RECORD_GATHER_MS = 10;

/**
 * Sends deliveries this worker claimed (decision 067) and records each attempt, guarded by its
 * attempt number: an attempt made twice (a claim that ran out mid-send) records once. Also sends
 * test pushes.
 */
export function createDeliverer({
  db,
  queue,
  wakeAt,
  sender,
  mailer,
  env,
  clock,
  telegram,
  sms,
  voice,
  onAttempt,
}: DeliverNotificationDependencies) {
  function mailOf(delivery: DeliveryTarget & { email: string }): Mail {
    if (delivery.purpose === 'escalation')
      return unansweredLeadMail({
        to: delivery.email,
        title: delivery.title,
        message: delivery.message,
        data: delivery.data,
        defaultCountry: delivery.defaultCountry,
        minutesWaiting: Math.round((2 * (delivery.responseTargetSeconds ?? 0)) / 60),
        leadUrl: `${env.PUBLIC_URL}/leads/${delivery.notificationId}`,
      });
    return notificationMail({
      to: delivery.email,
      title: delivery.title,
      message: delivery.message,
      data: delivery.data,
      defaultCountry: delivery.defaultCountry,
      // The lead's card in the console, not the site's url: the email is read away from that site.
      leadUrl: `${env.PUBLIC_URL}/leads/${delivery.notificationId}`,
      accountUrl: `${env.PUBLIC_URL}/account`,
      reason: delivery.fallbackReason ?? (delivery.emailChoice === null ? 'default' : 'chosen'),
      isTest: delivery.isTest,
    });
  }

  async function push(target: PushTarget, content: PushPayload, ttlSeconds: number): Promise<AttemptOutcome> {
    // Checked again at send time: the list may have shrunk since the device registered.
    if (!isPushServiceAllowed(target.endpoint, env.PUSH_SERVICE_HOSTS)) return failed('push service not allowed');
    return outcomeOfPushAnswer(await sender.send(target, buildPushPayload(content), { ttlSeconds }));
  }

  /** A lead to the member's linked chat, silent in their quiet hours like a push (decision 052). */
  async function sendToTelegram(delivery: DeliveryTarget, isQuiet: boolean): Promise<AttemptOutcome> {
    if (!telegram) return failed('Telegram is off on this server');
    if (delivery.telegramChatId === null) return failed('Telegram unlinked');
    const message = telegramLeadMessage(delivery, {
      chatId: delivery.telegramChatId,
      leadUrl: `${env.PUBLIC_URL}/leads/${delivery.notificationId}`,
      callbackKey: telegram.callbackKey,
      isSilent: isQuiet,
    });
    return outcomeOfTelegramAnswer(await callTelegram(telegram, 'sendMessage', message));
  }

  async function attempt(delivery: DeliveryTarget, deadline: number, isQuiet: boolean): Promise<AttemptOutcome> {
    if (delivery.channel === 'telegram') return sendToTelegram(delivery, isQuiet);
    const url = delivery.url ?? `${env.PUBLIC_URL}/flows/${delivery.flowId}`;
    if (delivery.channel === 'email') {
      if (!delivery.email) return failed('recipient removed');
      const started = performance.now();
      try {
        await mailer.send(mailOf({ ...delivery, email: delivery.email }));
        return { kind: 'delivered', statusCode: null, durationMs: Math.round(performance.now() - started) };
      } catch (error) {
        return outcomeOfMailError(error, Math.round(performance.now() - started));
      }
    }
    if (!delivery.subscriptionId || !delivery.endpoint || !delivery.p256dh || !delivery.auth) {
      return failed('device removed');
    }
    const target = { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } };
    return push(target, pushContentOf(delivery, url, isQuiet), Math.ceil((deadline - Date.now()) / 1000));
  }

  /**
   * One attempt at each of these pending deliveries, at once, or their failure when the
   * notification expired unsent. The deadline is the push TTL (PUSH_TTL_SECONDS) from the row's
   * created_at: real time, on the system clock like the push service's own TTL, not the app's
   * clock (decision 025). A lead's texts go together: one allowance, one read, one write; its
   * calls one by one (placeLeadCalls).
   */
  async function attemptAll(deliveries: DeliveryTarget[]) {
    const deadlineOf = (delivery: DeliveryTarget) => delivery.createdAt.getTime() + env.PUSH_TTL_SECONDS * 1000;
    const now = Date.now();
    const live = deliveries.filter((delivery) => now < deadlineOf(delivery));
    // An email copy is read when it is read: quiet hours change nothing for it.
    const quiet = await quietDeliveryIdsAt(
      db,
      live.filter((delivery) => delivery.channel !== 'email'),
      clock.now(),
    );
    const withQuiet = (delivery: DeliveryTarget) => ({ ...delivery, isQuiet: quiet.has(delivery.deliveryId) });
    const closed = await leadsNoLongerOpen(
      db,
      live.filter(waitsForAnOpenLead).map((delivery) => delivery.notificationId),
    );
    const isHeldBack = (delivery: DeliveryTarget) =>
      waitsForAnOpenLead(delivery) && closed.has(delivery.notificationId);
    const heldBack = live.filter(isHeldBack);
    const sent = live.filter((delivery) => !isHeldBack(delivery));
    const texts = sent.filter((delivery) => delivery.channel === 'sms');
    const calls = sent.filter((delivery) => delivery.channel === 'voice');
    const others = sent.filter((delivery) => delivery.channel !== 'sms' && delivery.channel !== 'voice');
    const [textOutcomes, callOutcomes, otherOutcomes] = await Promise.all([
      sendLeadTexts({ db, queue, sms, publicUrl: env.PUBLIC_URL, clock }, texts.map(withQuiet)),
      placeLeadCalls({ db, queue, voice, clock }, calls.map(withQuiet)),
      Promise.all(others.map((delivery) => attempt(delivery, deadlineOf(delivery), quiet.has(delivery.deliveryId)))),
    ]);
    const outcomes = new Map<DeliveryTarget, AttemptOutcome>([
      ...texts.map((delivery, index) => [delivery, textOutcomes[index]!] as const),
      ...calls.map((delivery, index) => [delivery, callOutcomes[index]!] as const),
      ...others.map((delivery, index) => [delivery, otherOutcomes[index]!] as const),
      ...heldBack.map((delivery) => [delivery, failed(closed.get(delivery.notificationId)!)] as const),
    ]);
    return deliveries.map((delivery) => {
      const outcome = outcomes.get(delivery) ?? failed('expired before it could be sent');
      onAttempt?.(delivery.channel, outcome.kind);
      const wasHeldBack = heldBack.includes(delivery);
      return {
        delivery,
        deadline: deadlineOf(delivery),
        outcome,
        // Held back for a lead no longer open: no device's health and no email copy follow.
        wasHeldBack,
        // The device this attempt reached, if it reached one.
        subscriptionId:
          delivery.channel === 'push' && outcomes.has(delivery) && !wasHeldBack ? delivery.subscriptionId : null,
      };
    });
  }

  type Attempted = Awaited<ReturnType<typeof attemptAll>>[number];

  async function record({ delivery, deadline, outcome, subscriptionId }: Attempted): Promise<void> {
    const retryAt = await recordDeliveryAttempt(db, {
      deliveryId: delivery.deliveryId,
      entityId: delivery.entityId,
      notificationId: delivery.notificationId,
      subscriptionId,
      // An escalation ends with its own email stage; only a lead's own pushes fall back to email.
      pushRecipient: delivery.channel === 'push' && delivery.purpose === 'lead' ? delivery.userId : null,
      attempt: delivery.attempts,
      outcome,
      deadline,
    });
    if (retryAt) wakeAt(retryAt);
  }

  // The sends running at once record their settled attempts together: under load one write serves
  // a take's or a fetch's many leads, not one each (issue 23). A take's leads are sent at once, a
  // unit each, and their push services answer milliseconds apart, so the first answer waits
  // RECORD_GATHER_MS for the others: at 100 leads/s (two leads a take) that halved the records,
  // and the live consoles' reads each record wakes (issue 45, decision 096). Nothing waits on the
  // record: the push has gone, and only the console's delivered tick comes that much later.
  const recordSettledTogether = batchWhileBusy((attempts: SettledAttempt[]) => recordSettledAttempts(db, attempts), {
    gatherMs: RECORD_GATHER_MS,
  });

  /**
   * One attempt at each of these deliveries, all at once (a lead's devices and mailboxes, its
   * Telegram messages, or its texts), claimed by this worker (decision 067). An attempt settled
   * with nothing to follow (see SettledAttempt) is recorded with the others, and with those of the
   * sends running alongside, in one statement: a team's fan-out, or a lead's texts refused past the
   * allowance, costs one write. The rest one by one, as their retries and fallbacks need.
   */
  async function send(targets: DeliveryTarget[]): Promise<void> {
    const attempts = await attemptAll(targets.filter((delivery) => delivery.status === 'pending'));
    const settled = attempts.flatMap(({ delivery, outcome, wasHeldBack, subscriptionId }): SettledAttempt[] => {
      const isSettled =
        outcome.kind === 'delivered' || (outcome.kind === 'failed' && (delivery.channel !== 'push' || wasHeldBack));
      if (!isSettled) return [];
      return [
        {
          deliveryId: delivery.deliveryId,
          entityId: delivery.entityId,
          notificationId: delivery.notificationId,
          subscriptionId,
          attempt: delivery.attempts,
          status: outcome.kind,
          error: outcome.kind === 'failed' ? outcome.error : null,
          statusCode: outcome.statusCode,
          durationMs: outcome.durationMs,
        },
      ];
    });
    if (settled.length > 0) await recordSettledTogether(settled);
    const recorded = new Set(settled.map(({ deliveryId }) => deliveryId));
    for (const unsettled of attempts.filter(({ delivery }) => !recorded.has(delivery.deliveryId)))
      await record(unsettled);
  }

  async function sendTest(subscriptionId: string): Promise<void> {
    const [subscription] = await db
      .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, subscriptionId));
    if (!subscription) return;
    const target = { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } };
    const content: PushPayload = {
      title: 'Leadbell test notification',
      message: 'Notifications reach this device.',
      url: `${env.PUBLIC_URL}/account`,
      notificationId: null,
      flowId: null,
      deliveryId: null,
      deviceId: subscriptionId,
      isTest: true,
      phone: null,
      actions: [],
      escalation: false,
      silent: false,
    };
    await recordDeviceHealth(db, subscriptionId, await push(target, content, TEST_TTL_SECONDS));
  }

  return {
    send,
    sendTest,
    /**
     * Builds a sample lead's push (decision 093): its first run compiles the code and parses a
     * phone number for the Call button, part of the 4–9 ms a start's first push spent between its
     * take and its send. Sends nothing.
     */
    warmUp(): void {
      buildPushPayload(pushContentOf(SAMPLE_PUSH, env.PUBLIC_URL, false));
    },
  };
}

export type Deliverer = ReturnType<typeof createDeliverer>;

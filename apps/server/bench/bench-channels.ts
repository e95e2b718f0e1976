// The channels besides push (issue 27) for push-latency.ts's `channels: 'all'`: Slack, Telegram and
// SMS on for every entity and member, each against a local fake this bench process runs (the
// tests' fakes), so the server does all the work of each channel while pushes are timed. The
// outgoing webhook endpoint stays in push-latency.ts (its receiver can be dead).
import { getPlan, type PlanId } from '@leadbell/shared/plans';
import { startFakeTelegram } from '../test/fake-telegram.ts';
import { FAKE_TWILIO_FROM, FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN, startFakeTwilio } from '../test/fake-twilio.ts';
import type { HttpClient } from '../test/http-client.ts';
import { startHttpReceiver } from '../test/http-receiver.ts';
import { until } from '../test/until.ts';

const TELEGRAM_TOKEN = '123456:BENCH-telegram-bot-token';
const SLACK_PATH = '/services/T0BENCH/B0BENCH/secret';

/** What reached each fake after set-up (codes and link replies are not counted). */
export type ChannelCounts = { slackPosts: number; telegramMessages: number; twilioMessages: number };

/** The run's shape: how many leads each entity sent (warm-up included) to how many members. */
export type ChannelRun = { entities: number; membersPerEntity: number; leadsPerEntity: number };

export async function startChannelFakes(plan: PlanId) {
  // Answers `ok` with 200 as Slack's incoming webhooks do.
  const slack = await startHttpReceiver();
  const telegram = await startFakeTelegram(TELEGRAM_TOKEN);
  const twilio = await startFakeTwilio();
  let nextChatId = 7_000_000;
  let nextNumber = 0;
  const current = (): ChannelCounts => ({
    slackPosts: slack.at(SLACK_PATH).length,
    telegramMessages: telegram.callsOf('sendMessage').length,
    twilioMessages: twilio.messages.length,
  });
  let baseline: ChannelCounts = { slackPosts: 0, telegramMessages: 0, twilioMessages: 0 };
  const counts = (): ChannelCounts => {
    const now = current();
    return {
      slackPosts: now.slackPosts - baseline.slackPosts,
      telegramMessages: now.telegramMessages - baseline.telegramMessages,
      twilioMessages: now.twilioMessages - baseline.twilioMessages,
    };
  };
  const smsAllowance = getPlan(plan).includedSms;

  return {
    /** The server's variables that turn Telegram and SMS on against the fakes (Slack's loopback URL needs WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
    env: {
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_BOT_USERNAME: 'LeadbellBenchBot',
      TELEGRAM_API_URL: telegram.url,
      TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
      TWILIO_FROM_NUMBER: FAKE_TWILIO_FROM,
      TWILIO_API_URL: twilio.url,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    },

    /** Connects the entity's Slack; `admin` is its owner. */
    async connectEntity(admin: HttpClient): Promise<void> {
      const response = await admin.put('/v1/integrations/slack', { url: slack.url(SLACK_PATH) });
      if (response.status !== 200) throw new Error(`could not connect Slack: ${response.status}`);
    },

    /** Links the member's Telegram (deep link, then /start by long polling) and texts them every lead. */
    async connectMember(member: HttpClient): Promise<void> {
      const link = await member.post('/v1/me/telegram', {});
      if (link.status !== 200) throw new Error(`could not start a Telegram link: ${link.status}`);
      const token = new URL(link.body.url as string).searchParams.get('start');
      const chatId = nextChatId++;
      telegram.inject({
        message: {
          message_id: 1,
          chat: { id: chatId, type: 'private' },
          from: { id: chatId, first_name: 'Bench' },
          text: `/start ${token}`,
        },
      });
      await until(
        async () => (await member.get('/v1/me/telegram')).body,
        (state) => state.link !== null,
      );

      nextNumber += 1;
      const phone = `+4479111${String(50_000 + nextNumber).padStart(5, '0')}`;
      if ((await member.post('/v1/me/phone', { phone })).status !== 200) throw new Error('could not add a phone');
      const code = /\b(\d{6})\b/.exec(twilio.to(phone).at(-1)?.fields.Body ?? '')?.[1];
      if ((await member.post('/v1/me/phone/verify', { code })).status !== 200) throw new Error('could not verify');
      const saved = await member.put('/v1/me/delivery-preferences', { sms: 'all' });
      if (saved.status !== 200) throw new Error(`could not choose sms: 'all': ${saved.status}`);
    },

    /** From now on, what reaches the fakes is the run's (set-up's codes and replies are left out). */
    startCounting: () => (baseline = current()),

    /** Waits up to `timeoutMs` for each fake to have what the run's leads should bring (texts capped by the allowance). */
    async settle(run: ChannelRun, timeoutMs = 30_000): Promise<void> {
      const leads = run.leadsPerEntity * run.entities;
      const texts = Math.min(run.leadsPerEntity * run.membersPerEntity, smsAllowance) * run.entities;
      await until(
        counts,
        (now) =>
          now.slackPosts >= leads &&
          now.telegramMessages >= leads * run.membersPerEntity &&
          now.twilioMessages >= texts,
        timeoutMs,
      ).catch(() => undefined);
    },

    /** The report's lines, and whether every fake got something (one that got nothing means its channel was off). */
    report(run: ChannelRun): { lines: string[]; isEveryChannelUsed: boolean } {
      const { slackPosts, telegramMessages, twilioMessages } = counts();
      // Delivery is at least once: an attempt that got no answer in time is sent again, so an
      // overloaded run can show repeats; a repeat without that would be a job run twice.
      const sent = telegram.callsOf('sendMessage').map((call) => JSON.stringify(call.body));
      const telegramRepeats = sent.length - new Set(sent).size;
      const leads = run.leadsPerEntity * run.entities;
      const textsPerEntity = run.leadsPerEntity * run.membersPerEntity;
      const lines = [
        `  Slack: ${slackPosts} posts reached the fake (${leads} leads)`,
        `  Telegram: ${telegramMessages} sendMessage calls reached the fake (${leads * run.membersPerEntity} expected), ${telegramRepeats} of them repeats of a message already sent`,
        `  SMS: ${twilioMessages} Twilio messages reached the fake (${textsPerEntity * run.entities} texts asked for)`,
      ];
      if (textsPerEntity > smsAllowance) {
        // Decision 053: past the plan's monthly allowance a text is refused by design; leads still ring every other way.
        lines.push(
          `    the ${plan} plan's ${smsAllowance} texts a month cap this run: ${textsPerEntity - smsAllowance} of ${textsPerEntity} texts per entity are refused as over the allowance (expected, not failures)`,
        );
      }
      const isEveryChannelUsed = slackPosts > 0 && telegramMessages > 0 && twilioMessages > 0;
      if (!isEveryChannelUsed) lines.push('  a channel’s fake got nothing: that channel was not on');
      return { lines, isEveryChannelUsed };
    },

    async close(): Promise<void> {
      await telegram.close();
      await twilio.close();
      await slack.close();
    },
  };
}
export type ChannelFakes = Awaited<ReturnType<typeof startChannelFakes>>;

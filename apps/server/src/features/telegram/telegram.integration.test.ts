import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, openEventStream } from '../../../test/event-stream.ts';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram.ts';
import type { HttpClient } from '../../../test/http-client.ts';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../../../test/push-service-stub.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { advanceTime, createTestClock, type TestClock } from '../../../test/test-clock.ts';
import { until } from '../../../test/until.ts';
import { telegramConfigOf } from './telegram-config.ts';

const TOKEN = '123456:TEST-telegram-bot-token';

let app: TestApp;
let clock: TestClock;
let telegram: FakeTelegram;
let push: PushServiceStub;
let webhookSecret: string;
let nextChatId = 5_000_000;
let nextUpdateId = 1;

beforeAll(async () => {
  telegram = await startFakeTelegram(TOKEN);
  push = await startPushServiceStub();
  clock = createTestClock(new Date());
  app = await startTestApp(
    {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_USERNAME: 'LeadbellTestBot',
      TELEGRAM_API_URL: telegram.url,
      PUSH_SERVICE_HOSTS: push.host,
      NOTIFY_RATE_LIMIT: '1000',
      NOTIFY_RATE_BURST: '1000',
    },
    undefined,
    { clock, pushCa: push.ca },
  );
  // What Telegram would have been given by setWebhook: derived from the token, like the server does.
  webhookSecret = telegramConfigOf({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_USERNAME: 'LeadbellTestBot',
    TELEGRAM_API_URL: telegram.url,
    PUBLIC_URL: app.baseUrl,
  })!.webhookSecret;
});
afterAll(async () => {
  await app?.close();
  await telegram?.close();
  await push?.close();
});

function postUpdate(update: Record<string, unknown>, secret: string | null = webhookSecret) {
  return fetch(`${app.baseUrl}/v1/telegram/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret !== null && { 'x-telegram-bot-api-secret-token': secret }),
    },
    body: JSON.stringify({ update_id: nextUpdateId++, ...update }),
  });
}

function startMessage(chatId: number, text: string, firstName = 'Ann') {
  return {
    message: {
      message_id: 1,
      chat: { id: chatId, type: 'private' },
      from: { id: chatId, first_name: firstName },
      text,
    },
  };
}

async function deepLinkToken(client: HttpClient) {
  const response = await client.post('/v1/me/telegram', {});
  expect(response.status).toBe(200);
  const url = new URL(response.body.url as string);
  expect(`${url.origin}${url.pathname}`).toBe('https://t.me/LeadbellTestBot');
  return url.searchParams.get('start')!;
}

/** Links the member's Telegram the way a person does: the deep link's /start, here by long polling. */
async function linked(client: HttpClient, firstName = 'Ann') {
  const chatId = nextChatId++;
  const token = await deepLinkToken(client);
  telegram.inject(startMessage(chatId, `/start ${token}`, firstName));
  await until(
    async () => (await client.get('/v1/me/telegram')).body,
    (state) => state.link !== null,
  );
  return chatId;
}

function repliesTo(chatId: number) {
  return telegram.callsOf('sendMessage').filter((call) => call.body.chat_id === chatId);
}

describe('telegram › linking', () => {
  it('a deep link’s /start links the chat once; GET shows it, a reused token is refused, DELETE unlinks', async () => {
    const owner = await onboardedOwner(app);
    expect((await owner.client.get('/v1/me/telegram')).body).toEqual({ enabled: true, link: null });
    const chatId = nextChatId++;
    const token = await deepLinkToken(owner.client);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    telegram.inject(startMessage(chatId, `/start ${token}`, 'Ann'));
    const state = await until(
      async () => (await owner.client.get('/v1/me/telegram')).body,
      (body) => body.link !== null,
    );
    expect(state).toEqual({
      enabled: true,
      link: { displayName: 'Ann', linkedAt: expect.any(String), notifications: true },
    });
    await until(
      () => repliesTo(chatId),
      (calls) => calls.length === 1,
    );
    expect(repliesTo(chatId)[0]!.body.text).toMatch(/^Linked to Leadbell/);

    // The same token from another chat: used up, the first link stays.
    const otherChat = nextChatId++;
    expect((await postUpdate(startMessage(otherChat, `/start ${token}`, 'Mallory'))).status).toBe(200);
    expect(repliesTo(otherChat)[0]!.body.text).toMatch(/expired or was already used/);
    expect((await owner.client.get('/v1/me/telegram')).body.link.displayName).toBe('Ann');

    expect((await owner.client.delete('/v1/me/telegram')).status).toBe(204);
    expect((await owner.client.get('/v1/me/telegram')).body.link).toBeNull();
    expect((await owner.client.delete('/v1/me/telegram')).status).toBe(404);
  });

  it('a token older than 15 minutes is refused', async () => {
    const owner = await onboardedOwner(app);
    const token = await deepLinkToken(owner.client);
    await advanceTime(app, clock, 16 * 60 * 1000);
    const chatId = nextChatId++;
    expect((await postUpdate(startMessage(chatId, `/start ${token}`))).status).toBe(200);
    expect(repliesTo(chatId)[0]!.body.text).toMatch(/expired or was already used/);
    expect((await owner.client.get('/v1/me/telegram')).body.link).toBeNull();
  });

  it('the webhook refuses a missing or wrong secret token with 401 and handles nothing', async () => {
    const owner = await onboardedOwner(app);
    const token = await deepLinkToken(owner.client);
    const chatId = nextChatId++;
    expect((await postUpdate({ update_id: 1, ...startMessage(chatId, `/start ${token}`) }, 'wrong')).status).toBe(401);
    expect((await postUpdate({ update_id: 2, ...startMessage(chatId, `/start ${token}`) }, null)).status).toBe(401);
    expect(repliesTo(chatId)).toHaveLength(0);
    expect((await owner.client.get('/v1/me/telegram')).body.link).toBeNull();
  });

  it('PATCH turns Telegram off for the member; bad input is a field error; unlinked answers 404', async () => {
    const owner = await onboardedOwner(app);
    expect((await owner.client.patch('/v1/me/telegram', { notifications: false })).status).toBe(404);
    await linked(owner.client);
    const bad = await owner.client.patch('/v1/me/telegram', { notifications: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields.notifications).toBeDefined();
    const off = await owner.client.patch('/v1/me/telegram', { notifications: false });
    expect(off.status).toBe(200);
    expect(off.body.notifications).toBe(false);
  });

  it('the test button sends a message to the linked chat, which ticks the first-day test step', async () => {
    const owner = await onboardedOwner(app);
    expect((await owner.client.post('/v1/me/telegram/test', {})).status).toBe(404);
    const chatId = await linked(owner.client);
    expect((await owner.client.get('/v1/setup')).body.alerting.channels).toEqual(['email', 'telegram']);
    expect((await owner.client.post('/v1/me/telegram/test', {})).status).toBe(204);
    expect(repliesTo(chatId).at(-1)!.body.text).toMatch(/test message/);
    expect((await owner.client.get('/v1/setup')).body.steps.test).toEqual({
      isDone: true,
      confirmedAt: expect.any(String),
      channel: 'telegram',
    });
  });
});

type Keyboard = Array<Array<{ text: string; callback_data?: string; url?: string }>>;

describe('telegram › leads', () => {
  it('a lead reaches each linked member’s chat with I’m on it and Open lead; the timeline says so', async () => {
    const owner = await onboardedOwner(app);
    const chatId = await linked(owner.client, 'Ann');
    const flowId = await createFlow(owner.client, { name: 'Quote form' });
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Priya <b>', phone: '+44 20 7946 0958' } });
    const [sent] = await until(
      () => repliesTo(chatId).filter((call) => call.body.reply_markup),
      (calls) => calls.length === 1,
    );
    expect(sent!.body).toMatchObject({ parse_mode: 'HTML', disable_notification: false });
    expect(sent!.body.text).toBe(
      '<b>New lead: Priya &lt;b&gt;</b>\n<b>name:</b> Priya &lt;b&gt;\n<b>phone:</b> +44 20 7946 0958\nCall: +442079460958\nFlow: Quote form',
    );
    const keyboard = sent!.body.reply_markup.inline_keyboard as Keyboard;
    expect(keyboard[0]![0]).toEqual({ text: 'I’m on it', callback_data: expect.stringMatching(/^c:[0-9a-f]{32}:/) });
    expect(keyboard[0]![1]).toEqual({ text: 'Open lead', url: `${app.baseUrl}/leads/${lead.id}` });
    const { timeline } = await until(
      async () => (await owner.client.get(`/v1/leads/${lead.id}/events`)).body,
      (body) => body.timeline.some((entry: { detail: string }) => entry.detail === 'Telegram'),
    );
    expect(timeline.find((entry: { detail: string }) => entry.detail === 'Telegram')).toMatchObject({
      kind: 'delivered',
      person: { name: 'Ann Owner' },
    });
  });

  it('a member who turned Telegram off gets nothing there', async () => {
    const owner = await onboardedOwner(app);
    const chatId = await linked(owner.client);
    expect((await owner.client.patch('/v1/me/telegram', { notifications: false })).status).toBe(200);
    const flowId = await createFlow(owner.client);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Priya' } });
    // The email copy (no device) is sent in the same job: once it is, Telegram would have been too.
    await until(
      async () => (await owner.client.get(`/v1/leads/${lead.id}/events`)).body.timeline,
      (timeline) => timeline.some((entry: { kind: string }) => entry.kind === 'emailed'),
    );
    expect(repliesTo(chatId).filter((call) => call.body.reply_markup)).toHaveLength(0);
  });

  it('Telegram answering 502 is retried until it takes the message', async () => {
    const owner = await onboardedOwner(app);
    const chatId = await linked(owner.client);
    telegram.script('sendMessage', { status: 502, description: 'Bad Gateway' });
    const flowId = await createFlow(owner.client);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Priya' } });
    const deliveries = await until(
      async () => (await owner.client.get(`/v1/notifications/${lead.id}/deliveries`)).body.data,
      (rows: Array<{ channel: string; status: string }>) =>
        rows.some((row) => row.channel === 'telegram' && row.status === 'delivered'),
    );
    expect(deliveries.find((row: { channel: string }) => row.channel === 'telegram')).toMatchObject({ attempts: 2 });
    // The refused message and the one Telegram took.
    expect(repliesTo(chatId).filter((call) => call.body.reply_markup)).toHaveLength(2);
  });

  it('a hanging Telegram does not hold back the push: it arrives and is recorded while Telegram waits', async () => {
    const owner = await onboardedOwner(app);
    await linked(owner.client);
    const { id: stubId, subscription } = push.createSubscription();
    expect((await owner.client.post('/v1/push-subscriptions', { ...subscription, label: 'Pixel 9' })).status).toBe(201);
    telegram.script('sendMessage', 'hang');
    const flowId = await createFlow(owner.client);
    const started = Date.now();
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Priya' } });
    await push.waitForMessages(stubId, 1);
    const deliveries = await until(
      async () => (await owner.client.get(`/v1/notifications/${lead.id}/deliveries`)).body.data,
      (rows: Array<{ channel: string; status: string }>) =>
        rows.some((row) => row.channel === 'push' && row.status === 'delivered'),
    );
    // Well inside Telegram's own 5 s limit, which the telegram delivery is still waiting out.
    expect(Date.now() - started).toBeLessThan(4000);
    expect(deliveries.find((row: { channel: string }) => row.channel === 'telegram')).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
  });
});

describe('telegram › I’m on it', () => {
  it('two members press it at once: one claim wins, the other is told who has it, the console sees it live', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const teammate = await joinedTeammate(app, owner, { name: 'Mo Member' });
    const ownerChat = await linked(owner.client, 'Ann');
    const teammateChat = await linked(teammate.client, 'Mo');
    const flowId = await createFlow(owner.client);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Priya' } });
    const messages = await until(
      () =>
        telegram
          .callsOf('sendMessage')
          .filter((call) => [ownerChat, teammateChat].includes(call.body.chat_id) && call.body.reply_markup),
      (calls) => calls.length === 2,
    );
    const data = (messages[0]!.body.reply_markup.inline_keyboard as Keyboard)[0]![0]!.callback_data!;
    const stream = await openEventStream(app.baseUrl, cookieOf(owner.client));

    const presses = [
      { chatId: ownerChat, queryId: `q-${ownerChat}` },
      { chatId: teammateChat, queryId: `q-${teammateChat}` },
    ];
    const answered = await Promise.all(
      presses.map(({ chatId, queryId }) =>
        postUpdate({
          update_id: chatId,
          callback_query: { id: queryId, from: { id: chatId }, message: { chat: { id: chatId } }, data },
        }),
      ),
    );
    expect(answered.map((response) => response.status)).toEqual([200, 200]);
    const answers = telegram
      .callsOf('answerCallbackQuery')
      .filter((call) => presses.some((press) => press.queryId === call.body.callback_query_id))
      .map((call) => call.body.text as string)
      .sort();
    const card = (await owner.client.get(`/v1/leads/${lead.id}`)).body;
    expect(card.status).toBe('claimed');
    expect(answers).toEqual([`${card.claimedBy.name} is already on it.`, 'You’re on it.'].sort());
    await stream.waitFor((events) =>
      events.some((event) => event.event === 'lead' && JSON.parse(event.data!).status === 'claimed'),
    );
    await stream.close();
  });

  it('a chat of another business cannot claim the lead', async () => {
    const owner = await onboardedOwner(app);
    const ownerChat = await linked(owner.client);
    const stranger = await onboardedOwner(app);
    const strangerChat = await linked(stranger.client, 'Eve');
    const flowId = await createFlow(owner.client);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Priya' } });
    const [message] = await until(
      () => repliesTo(ownerChat).filter((call) => call.body.reply_markup),
      (calls) => calls.length === 1,
    );
    const data = (message!.body.reply_markup.inline_keyboard as Keyboard)[0]![0]!.callback_data!;
    await postUpdate({
      update_id: 9,
      callback_query: { id: 'q-stranger', from: { id: strangerChat }, message: { chat: { id: strangerChat } }, data },
    });
    const [answer] = telegram
      .callsOf('answerCallbackQuery')
      .filter((call) => call.body.callback_query_id === 'q-stranger');
    expect(answer!.body.text).toMatch(/not linked to this lead’s team/);
    // A forged callback for the lead is refused too.
    await postUpdate({
      update_id: 10,
      callback_query: {
        id: 'q-forged',
        from: { id: ownerChat },
        data: `c:${lead.id.replace(/-/g, '')}:AAAAAAAAAAAAAA`,
      },
    });
    expect(
      telegram.callsOf('answerCallbackQuery').find((call) => call.body.callback_query_id === 'q-forged')!.body.text,
    ).toMatch(/no longer works/);
    expect((await owner.client.get(`/v1/leads/${lead.id}`)).body.status).toBe('open');
  });
});

describe('telegram › updates by webhook', () => {
  it('with an https PUBLIC_URL the server sets its webhook with the secret, and does not poll', async () => {
    const fake = await startFakeTelegram(TOKEN);
    const httpsApp = await startTestApp({
      PUBLIC_URL: 'https://leadbell.test',
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_USERNAME: 'LeadbellTestBot',
      TELEGRAM_API_URL: fake.url,
    });
    try {
      const [call] = await until(
        () => fake.callsOf('setWebhook'),
        (calls) => calls.length === 1,
      );
      expect(call!.body).toEqual({
        url: 'https://leadbell.test/v1/telegram/webhook',
        secret_token: webhookSecret,
        allowed_updates: ['message', 'callback_query'],
      });
      expect(fake.callsOf('getUpdates')).toHaveLength(0);
    } finally {
      await httpsApp.close();
      await fake.close();
    }
  });
});

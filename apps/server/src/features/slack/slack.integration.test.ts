import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { advanceTime, createTestClock, type TestClock } from '../../../test/test-clock.ts';
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '../webhooks/deliver-webhook.ts';
import { startHttpReceiver } from '../../../test/http-receiver.ts';
import { until } from '../../../test/until.ts';

type Posted = { path: string; headers: Record<string, string>; body: string; message: SlackBody };
type SlackBody = { text: string; blocks: Array<Record<string, any>> };

/**
 * A fake Slack on 127.0.0.1: keeps every message posted to an incoming-webhook path and answers
 * as Slack does (`ok`, or `answer`'s status and text body such as `no_service`).
 */
async function startFakeSlack() {
  const receiver = await startHttpReceiver();
  const pathOf = (name: string) => `/services/T0${name}/B0${name}/secret${name}`;
  return {
    url: (name: string) => receiver.url(pathOf(name)),
    at: (name: string): Posted[] =>
      receiver.at(pathOf(name)).map((entry) => ({ ...entry, message: JSON.parse(entry.body) as SlackBody })),
    answer: receiver.answer,
    close: receiver.close,
  };
}
type FakeSlack = Awaited<ReturnType<typeof startFakeSlack>>;

let app: TestApp;
let clock: TestClock;
let slack: FakeSlack;

beforeAll(async () => {
  slack = await startFakeSlack();
  clock = createTestClock(new Date());
  app = await startTestApp(
    { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' },
    undefined,
    { clock },
  );
});
afterAll(async () => {
  await app?.close();
  await slack?.close();
});

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

async function connected(name: string, body: Record<string, unknown> = {}) {
  const owner = await onboardedOwner(app, { plan: 'pro' });
  const response = await owner.client.put('/v1/integrations/slack', { url: slack.url(name), ...body });
  expect(response.status).toBe(200);
  return { owner, connection: response.body as { id: string; url: string } };
}

async function deliveriesOf(owner: Owner, id: string) {
  const response = await owner.client.get(`/v1/webhook-endpoints/${id}/deliveries`);
  expect(response.status).toBe(200);
  return response.body.data as Array<Record<string, any>>;
}

describe('slack › messages', () => {
  it('a new lead posts a Block Kit message with its fields, flow, source and an Open lead button', async () => {
    const { owner, connection } = await connected('new');
    expect(connection.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/services\/T…\/…\/••••$/);
    // Connecting never contacts Slack.
    expect(slack.at('new')).toHaveLength(0);
    const flowId = await createFlow(owner.client, { name: 'Quote form' });
    const lead = await notify(app, owner.apiKey, {
      flowId,
      data: { name: 'Priya', question: 'A new kitchen?' },
      pageUrl: 'https://shop.example/contact',
      referrer: 'https://www.google.com/',
      attribution: { utm_source: 'google', utm_medium: 'cpc', gclid: 'EAIaIQob' },
    });
    const [post] = await until(
      () => slack.at('new'),
      (list) => list.length === 1,
    );
    // Not a signed webhook: Slack's URL is the secret.
    expect(post!.headers['webhook-signature']).toBeUndefined();
    expect(post!.headers['content-type']).toBe('application/json');
    const { text, blocks } = post!.message;
    expect(text).toBe('New lead: Priya (Quote form)');
    expect(blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'New lead: Priya', emoji: false } });
    expect(blocks[1]).toEqual({
      type: 'section',
      fields: [
        { type: 'mrkdwn', text: '*name*\nPriya' },
        { type: 'mrkdwn', text: '*question*\nA new kitchen?' },
      ],
    });
    expect(blocks[2]).toEqual({
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: 'Flow: *Quote form*' },
        { type: 'mrkdwn', text: 'Source: Google Ads' },
      ],
    });
    expect(blocks[3]).toMatchObject({
      type: 'actions',
      elements: [
        { type: 'button', text: { type: 'plain_text', text: 'Open lead' }, url: `${app.baseUrl}/leads/${lead.id}` },
      ],
    });
    const [delivery] = await until(
      () => deliveriesOf(owner, connection.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ eventType: 'lead.created', leadId: lead.id, attempts: 1, lastStatusCode: 200 });
  });

  it('claiming and completing the lead post short follow-ups', async () => {
    const { owner } = await connected('states');
    const flowId = await createFlow(owner.client);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Priya' } });
    await until(
      () => slack.at('states'),
      (list) => list.length === 1,
    );
    expect((await owner.client.post(`/v1/leads/${lead.id}/claim`, {})).status).toBe(200);
    await until(
      () => slack.at('states'),
      (list) => list.length === 2,
    );
    expect((await owner.client.post(`/v1/leads/${lead.id}/done`, {})).status).toBe(200);
    const posts = await until(
      () => slack.at('states'),
      (list) => list.length === 3,
    );
    const link = `<${app.baseUrl}/leads/${lead.id}|Open lead>`;
    expect(posts[1]!.message).toEqual({
      text: 'Ann Owner is on it: New lead: Priya',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `Ann Owner is on it: New lead: Priya · ${link}` } }],
    });
    expect(posts[2]!.message.text).toBe('Done by Ann Owner: New lead: Priya');
  });

  // A genuine inquiry carrying Slack's control sequences (a bare "click here" pitch is spam, decision 073).
  it('a visitor’s <links>, mentions and & are escaped for Slack', async () => {
    const { owner } = await connected('escape');
    const flowId = await createFlow(owner.client, { name: 'R&D <form>' });
    await notify(app, owner.apiKey, {
      flowId,
      data: {
        name: 'Eve & co',
        question: 'Can you quote for the loft & garage? Drawings: <https://drive.example/plans|plans> <!channel>',
      },
    });
    const [post] = await until(
      () => slack.at('escape'),
      (list) => list.length === 1,
    );
    const { text, blocks } = post!.message;
    expect(blocks[1]!.fields).toEqual([
      { type: 'mrkdwn', text: '*name*\nEve &amp; co' },
      {
        type: 'mrkdwn',
        text: '*question*\nCan you quote for the loft &amp; garage? Drawings: &lt;https://drive.example/plans|plans&gt; &lt;!channel&gt;',
      },
    ]);
    expect(blocks[2]!.elements[0]).toEqual({ type: 'mrkdwn', text: 'Flow: *R&amp;D &lt;form&gt;*' });
    expect(text).toBe('New lead: Eve &amp; co (R&amp;D &lt;form&gt;)');
    expect(post!.body).not.toContain('<https://drive');
    expect(post!.body).not.toContain('<!channel>');
  });

  it('“Send test” posts a test message now and answers with its delivery', async () => {
    const { owner } = await connected('test');
    const response = await owner.client.post('/v1/integrations/slack/test', {});
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ eventType: 'webhook.test', status: 'delivered', lastStatusCode: 200 });
    expect(response.body.responseExcerpt).toBe('ok');
    expect(slack.at('test')[0]!.message.text).toBe('Leadbell is connected: new leads will be posted in this channel.');
  });
});

describe('slack › errors', () => {
  it('500 then 200: the message is retried on the schedule and arrives', async () => {
    const { owner, connection } = await connected('flaky');
    slack.answer((request) =>
      request.path.includes('flaky') && slack.at('flaky').length === 1
        ? { status: 500, body: 'internal_error' }
        : { status: 200, body: 'ok' },
    );
    const flowId = await createFlow(owner.client);
    await notify(app, owner.apiKey, { flowId, data: { name: 'Flo' } });
    const [pending] = await until(
      () => deliveriesOf(owner, connection.id),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(pending).toMatchObject({ status: 'pending', lastStatusCode: 500, responseExcerpt: 'internal_error' });
    await advanceTime(app, clock, WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    const posts = await until(
      () => slack.at('flaky'),
      (list) => list.length === 2,
    );
    expect(posts[1]!.body).toBe(posts[0]!.body);
    await until(
      () => deliveriesOf(owner, connection.id),
      (rows) => rows[0]?.status === 'delivered' && rows[0]?.attempts === 2,
    );
    slack.answer(() => ({ status: 200, body: 'ok' }));
  });

  it('429 is retried after Slack’s Retry-After instead of the schedule', async () => {
    const { owner, connection } = await connected('limited');
    slack.answer((request) =>
      request.path.includes('limited')
        ? { status: 429, headers: { 'retry-after': '5' }, body: 'rate_limited' }
        : { status: 200, body: 'ok' },
    );
    const flowId = await createFlow(owner.client);
    await notify(app, owner.apiKey, { flowId, data: { name: 'Rae' } });
    const [pending] = await until(
      () => deliveriesOf(owner, connection.id),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(pending).toMatchObject({ status: 'pending', lastStatusCode: 429 });
    const dueIn = new Date(pending!.nextAttemptAt).getTime() - new Date(pending!.lastAttemptAt).getTime();
    expect(dueIn).toBeGreaterThan(3_000);
    expect(dueIn).toBeLessThan(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    slack.answer(() => ({ status: 200, body: 'ok' }));
  });

  it('no_service (404) turns the connection off at once and emails the admins', async () => {
    const { owner, connection } = await connected('revoked');
    slack.answer((request) =>
      request.path.includes('revoked') ? { status: 404, body: 'no_service' } : { status: 200, body: 'ok' },
    );
    const mailsBefore = app.smtp.count();
    const flowId = await createFlow(owner.client);
    await notify(app, owner.apiKey, { flowId, data: { name: 'Gus' } });
    const [failed] = await until(
      () => deliveriesOf(owner, connection.id),
      (rows) => rows[0]?.status === 'failed',
    );
    // No retry: one attempt, nothing scheduled.
    expect(failed).toMatchObject({
      attempts: 1,
      lastStatusCode: 404,
      responseExcerpt: 'no_service',
      nextAttemptAt: null,
    });
    const mail = await until(
      () =>
        app.smtp.received.slice(mailsBefore).filter((each) => each.subject.includes('Slack connection was turned off')),
      (list) => list.length > 0,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toEqual([owner.email.toLowerCase()]);
    const raw = mail[0]!.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('no_service');
    // The mail shows the masked URL only.
    expect(raw).not.toContain('secretrevoked');
    const state = (await owner.client.get('/v1/integrations/slack')).body.connection;
    expect(state).toMatchObject({ enabled: false });
    expect(state.disabledReason).toMatch(/HTTP 404 no_service/);

    // Off: the next lead is not posted; connecting again turns it on.
    slack.answer(() => ({ status: 200, body: 'ok' }));
    await notify(app, owner.apiKey, { flowId, data: { name: 'Hal' } });
    await sleep(300);
    expect(slack.at('revoked')).toHaveLength(1);
    const again = await owner.client.put('/v1/integrations/slack', { url: slack.url('revoked') });
    expect(again.body).toMatchObject({ id: connection.id, enabled: true, disabledReason: null });
  });
});

async function timelineOf(owner: Owner, leadId: string) {
  const response = await owner.client.get(`/v1/leads/${leadId}/events`);
  expect(response.status).toBe(200);
  return response.body.timeline as Array<Record<string, any>>;
}

describe('slack › the lead’s timeline', () => {
  it('a lead posted to Slack shows “posted to Slack”, without the URL', async () => {
    const { owner } = await connected('timeline');
    const flowId = await createFlow(owner.client);
    const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Tia' } });
    // The worker posts after the 202: read until the post is recorded.
    const timeline = await until(
      () => timelineOf(owner, lead.id),
      (entries) => entries.some((entry) => entry.channel === 'slack'),
    );
    const posted = timeline.filter((entry) => entry.channel === 'slack');
    expect(posted).toEqual([
      { kind: 'delivered', at: expect.any(String), person: null, detail: 'Slack', channel: 'slack' },
    ]);
    expect(slack.at('timeline')).toHaveLength(1);
    const json = JSON.stringify(timeline);
    expect(json).not.toContain('secrettimeline');
    expect(json).not.toContain('/services/');
  });

  it('a post Slack refused shows “failed” with Slack’s reason, without the URL', async () => {
    const { owner } = await connected('timelinegone');
    slack.answer((request) =>
      request.path.includes('timelinegone') ? { status: 404, body: 'no_service' } : { status: 200, body: 'ok' },
    );
    try {
      const flowId = await createFlow(owner.client);
      const lead = await notify(app, owner.apiKey, { flowId, data: { name: 'Uma' } });
      const timeline = await until(
        () => timelineOf(owner, lead.id),
        (entries) => entries.some((entry) => entry.channel === 'slack'),
      );
      expect(timeline.filter((entry) => entry.channel === 'slack')).toEqual([
        { kind: 'failed', at: expect.any(String), person: null, detail: 'HTTP 404 no_service', channel: 'slack' },
      ]);
      const json = JSON.stringify(timeline);
      expect(json).not.toContain('secrettimelinegone');
      expect(json).not.toContain('/services/');
    } finally {
      slack.answer(() => ({ status: 200, body: 'ok' }));
    }
  });
});

describe('slack › connection', () => {
  it('the URL is never answered whole; replacing keeps one connection; disconnect', async () => {
    const { owner, connection } = await connected('mask', { events: ['lead.created'] });
    const flowId = await createFlow(owner.client);
    const state = await owner.client.get('/v1/integrations/slack');
    expect(state.body.connection).toMatchObject({ id: connection.id, events: ['lead.created'], flowId: null });
    expect(JSON.stringify(state.body)).not.toContain('secretmask');
    const { rows } = await app.pool.query('select url, secret from webhook_endpoints where id = $1', [connection.id]);
    expect(rows[0].url).not.toContain('secretmask');
    expect(rows[0].secret).not.toContain('secretmask');
    // Not one of the standard endpoints, and not changeable through their routes.
    expect((await owner.client.get('/v1/webhook-endpoints')).body.data).toEqual([]);
    expect(
      (await owner.client.patch(`/v1/webhook-endpoints/${connection.id}`, { url: 'http://127.0.0.1:9/x' })).status,
    ).toBe(404);
    expect((await owner.client.post(`/v1/webhook-endpoints/${connection.id}/rotate-secret`, {})).status).toBe(404);

    const replaced = await owner.client.put('/v1/integrations/slack', { url: slack.url('mask2'), flowId });
    expect(replaced.body).toMatchObject({
      id: connection.id,
      flowId,
      events: ['lead.created', 'lead.claimed', 'lead.done'],
    });
    expect(
      (await app.pool.query('select count(*)::int as n from webhook_endpoints where entity_id = $1', [owner.entityId]))
        .rows[0].n,
    ).toBe(1);

    expect((await owner.client.delete('/v1/integrations/slack')).status).toBe(204);
    expect((await owner.client.get('/v1/integrations/slack')).body).toEqual({ connection: null });
    expect((await owner.client.delete('/v1/integrations/slack')).status).toBe(404);
    expect((await owner.client.post('/v1/integrations/slack/test', {})).status).toBe(404);
  });

  it('bad input answers 400 per field; members 403; another entity sees nothing of it', async () => {
    const { owner, connection } = await connected('tenancy');
    const missing = await owner.client.put('/v1/integrations/slack', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.fields.url).toBeDefined();
    const badEvents = await owner.client.put('/v1/integrations/slack', {
      url: slack.url('tenancy'),
      events: ['lead.nope'],
    });
    expect(badEvents.status).toBe(400);
    expect(Object.keys(badEvents.body.error.details.fields)[0]).toMatch(/^events/);

    const other = await onboardedOwner(app, { plan: 'pro', entityName: 'Other Co' });
    const otherFlow = await createFlow(other.client);
    const foreignFlow = await owner.client.put('/v1/integrations/slack', {
      url: slack.url('tenancy'),
      flowId: otherFlow,
    });
    expect(foreignFlow.status).toBe(400);
    expect(foreignFlow.body.error.details.fields.flowId).toEqual(['No such flow: choose one of yours, or every flow.']);
    expect((await other.client.get('/v1/integrations/slack')).body).toEqual({ connection: null });
    expect((await other.client.get(`/v1/webhook-endpoints/${connection.id}/deliveries`)).status).toBe(404);
    expect((await other.client.delete('/v1/integrations/slack')).status).toBe(404);
    // Still connected for its owner.
    expect((await owner.client.get('/v1/integrations/slack')).body.connection.id).toBe(connection.id);

    const member = await joinedTeammate(app, owner);
    expect((await member.client.get('/v1/integrations/slack')).status).toBe(403);
    expect((await member.client.put('/v1/integrations/slack', { url: slack.url('tenancy') })).status).toBe(403);
    expect((await member.client.delete('/v1/integrations/slack')).status).toBe(403);
    expect((await member.client.post('/v1/integrations/slack/test', {})).status).toBe(403);
  });
});

describe('slack › with WEBHOOK_ALLOW_PRIVATE_NETWORKS off', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp({});
  });
  afterAll(async () => strict?.close());

  it('only https://hooks.slack.com/services/… is accepted, decided before any connection', async () => {
    const owner = await onboardedOwner(strict, { plan: 'pro' });
    for (const url of [
      slack.url('strict'),
      'https://example.com/services/T0/B0/x',
      'https://hooks.slack.com.evil.example/services/T0/B0/x',
      'http://hooks.slack.com/services/T0/B0/x',
      'https://hooks.slack.com/workflows/T0/A0/1/x',
      'https://user@hooks.slack.com/services/T0/B0/x',
    ]) {
      const response = await owner.client.put('/v1/integrations/slack', { url });
      expect(response.status, url).toBe(400);
      expect(response.body.error.details.fields.url, url).toHaveLength(1);
    }
    expect(slack.at('strict')).toHaveLength(0);
    const ok = await owner.client.put('/v1/integrations/slack', {
      url: 'https://hooks.slack.com/services/T0ABCDEF/B0GHIJKL/abcdefghijklmnopqrstuvwx',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.url).toBe('https://hooks.slack.com/services/T…/…/••••');
    expect(JSON.stringify((await owner.client.get('/v1/integrations/slack')).body)).not.toContain('abcdefghijkl');
  });
});

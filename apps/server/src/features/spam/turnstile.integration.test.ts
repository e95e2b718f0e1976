import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FIELDS, TURNSTILE_FORM_FIELD } from '@leadbell/shared/notifications';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../../../test/push-service-stub.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { startTurnstileFake, TURNSTILE_TOKENS, type TurnstileFake } from '../../../test/turnstile-fake.ts';

// Decision 039: a flow may ask for Cloudflare Turnstile. Each browser submission's token is checked
// with siteverify (here a local fake): a failure quarantines, an unreachable verifier keeps the lead.

const SITE_KEY = '0x4AAAAAAAtestsitekey';
const SECRET = '0x4AAAAAAAtestsecretkey';
const QUESTION = {
  name: 'Ann',
  email: 'ann.lee@example.com',
  question: 'Could you come and look at a leaking tap this week?',
};

let app: TestApp;
let fake: TurnstileFake;
let stub: PushServiceStub;
beforeAll(async () => {
  stub = await startPushServiceStub();
  fake = await startTurnstileFake(SECRET);
  app = await startTestApp({ PUSH_SERVICE_HOSTS: stub.host, TURNSTILE_VERIFY_URL: fake.verifyUrl }, undefined, {
    pushCa: stub.ca,
  });
});
afterAll(async () => {
  await app?.close();
  await stub?.close();
  await fake?.close().catch(() => {});
});

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

/** An owner with one device and a flow that asks for Turnstile (`secret`: what the owner entered). */
async function siteWithTurnstile(secret = SECRET) {
  const owner = await onboardedOwner(app);
  const device = stub.createSubscription();
  expect((await owner.client.post('/v1/push-subscriptions', device.subscription)).status).toBe(201);
  const flowId = await createFlow(owner.client);
  const turnedOn = await owner.client.put(`/v1/flows/${flowId}/turnstile`, { siteKey: SITE_KEY, secret });
  expect(turnedOn.status).toBe(200);
  return { owner, device, flowId };
}

function postForm(owner: Owner, flowId: string, fields: Record<string, string>) {
  return fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ [FORM_FIELDS.apiKey]: owner.apiKey, [FORM_FIELDS.flowId]: flowId, ...fields }),
  });
}

/** The lead the form post created, once the worker has judged it. */
async function onlyLeadOf(owner: Owner) {
  await expect
    .poll(async () => {
      const { rows } = await app.pool.query(
        `select n.id from notifications n join lead_search s on s.notification_id = n.id where n.entity_id = $1`,
        [owner.entityId],
      );
      return rows.length;
    })
    .toBe(1);
  const { rows } = await app.pool.query(
    'select id, lead_status, spam_reasons from notifications where entity_id = $1',
    [owner.entityId],
  );
  const [row] = rows as Array<{ id: string; lead_status: string; spam_reasons: Array<{ code: string }> }>;
  return { id: row!.id, status: row!.lead_status, reasons: row!.spam_reasons.map((reason) => reason.code) };
}

describe('spam › Cloudflare Turnstile per flow (decision 039)', () => {
  it('admins turn it on with both keys, the secret is never shown, and bad keys get field messages', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const refused = await owner.client.put(`/v1/flows/${flowId}/turnstile`, {
      siteKey: 'short',
      secret: 'has spaces in it',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fields).toMatchObject({
      siteKey: ['Please enter the site key from Cloudflare’s Turnstile page.'],
      secret: ['A secret key has only letters, digits, - and _.'],
    });

    const turnedOn = await owner.client.put(`/v1/flows/${flowId}/turnstile`, { siteKey: SITE_KEY, secret: SECRET });
    expect(turnedOn.body).toMatchObject({ flowId, turnstileSiteKey: SITE_KEY });
    expect(JSON.stringify(turnedOn.body)).not.toContain(SECRET);
    expect(JSON.stringify((await owner.client.get(`/v1/flows/${flowId}`)).body)).not.toContain(SECRET);
    const { rows } = await app.pool.query('select turnstile_secret from flows where id = $1', [flowId]);
    expect(rows[0].turnstile_secret).not.toContain(SECRET);

    // Members are refused (403): auth/route-roles.integration.test.ts.
    const other = await onboardedOwner(app);
    expect(
      (await other.client.put(`/v1/flows/${flowId}/turnstile`, { siteKey: SITE_KEY, secret: SECRET })).status,
    ).toBe(404);
    expect((await other.client.delete(`/v1/flows/${flowId}/turnstile`)).status).toBe(404);

    const turnedOff = await owner.client.delete(`/v1/flows/${flowId}/turnstile`);
    expect(turnedOff.body).toMatchObject({ flowId, turnstileSiteKey: null });
  });

  it('a token Cloudflare accepts: the lead rings, checked once with the secret and the visitor’s address', async () => {
    const { owner, device, flowId } = await siteWithTurnstile();
    const checksBefore = fake.requests.length;
    const response = await postForm(owner, flowId, { ...QUESTION, [TURNSTILE_FORM_FIELD]: TURNSTILE_TOKENS.passes });
    expect(response.status).toBe(202);
    await response.text();
    expect(fake.requests.slice(checksBefore)).toEqual([
      { secret: SECRET, response: TURNSTILE_TOKENS.passes, remoteip: '127.0.0.1' },
    ]);
    const lead = await onlyLeadOf(owner);
    expect(lead.status).toBe('open');
    expect(lead.reasons).not.toContain('captcha_failed');
    expect((await stub.waitForMessages(device.id, 1))[0]!.payload.notificationId).toBe(lead.id);
    // The token is the request's, not the visitor's words.
    expect((await owner.client.get(`/v1/leads/${lead.id}`)).body.data).toEqual(QUESTION);
  });

  it('a token Cloudflare refuses, or none at all: answered as usual, quarantined, rings nobody', async () => {
    for (const token of [TURNSTILE_TOKENS.fails, null]) {
      const { owner, device, flowId } = await siteWithTurnstile();
      const response = await postForm(owner, flowId, { ...QUESTION, ...(token && { [TURNSTILE_FORM_FIELD]: token }) });
      expect(response.status).toBe(202);
      expect(await response.text()).toContain('Thank you!');
      const lead = await onlyLeadOf(owner);
      expect(lead).toMatchObject({ status: 'spam', reasons: expect.arrayContaining(['captcha_failed']) });
      expect((await owner.client.get(`/v1/leads/${lead.id}`)).body.spamReasons).toContain('captcha_failed');
      expect((await owner.client.get('/v1/usage')).body.count).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stub.messagesFor(device.id)).toEqual([]);
    }
  });

  it('a script in a page must pass it too; a call from a server is never asked', async () => {
    const { owner, flowId } = await siteWithTurnstile();
    const checksBefore = fake.requests.length;
    const send = (headers: Record<string, string>, body: object) =>
      fetch(`${app.baseUrl}/v1/notify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ flowId, data: QUESTION, ...body }),
      });
    const fromServer = await send({}, {});
    const fromPage = await send({ origin: 'https://www.acme.example' }, { turnstileToken: TURNSTILE_TOKENS.passes });
    // A script posting the whole form as data carries the widget's field among it.
    const withFormData = await send(
      { origin: 'https://www.acme.example' },
      { data: { ...QUESTION, [TURNSTILE_FORM_FIELD]: TURNSTILE_TOKENS.fails } },
    );
    const ids = await Promise.all(
      [fromServer, fromPage, withFormData].map(async (response) => {
        expect(response.status).toBe(202);
        return ((await response.json()) as { id: string }).id;
      }),
    );
    expect(fake.requests.slice(checksBefore).map((check) => check.response)).toEqual([
      TURNSTILE_TOKENS.passes,
      TURNSTILE_TOKENS.fails,
    ]);
    await expect
      .poll(async () => {
        const { rows } = await app.pool.query(
          'select n.id, n.lead_status, n.data from notifications n join lead_search s on s.notification_id = n.id where n.id = any($1)',
          [ids],
        );
        return Object.fromEntries(rows.map((row) => [row.id, row.lead_status]));
      })
      .toEqual({ [ids[0]!]: 'open', [ids[1]!]: 'open', [ids[2]!]: 'spam' });
    const { rows } = await app.pool.query('select data from notifications where id = $1', [ids[2]]);
    expect(rows[0].data).toEqual(QUESTION);
  });

  it('a secret Cloudflare refuses is the owner’s mistake: the lead rings, noted as unverified', async () => {
    const { owner, device, flowId } = await siteWithTurnstile('0x4AAAAAAAmistypedsecret');
    await (await postForm(owner, flowId, { ...QUESTION, [TURNSTILE_FORM_FIELD]: TURNSTILE_TOKENS.passes })).text();
    const lead = await onlyLeadOf(owner);
    expect(lead).toMatchObject({ status: 'open', reasons: expect.arrayContaining(['captcha_unverified']) });
    await stub.waitForMessages(device.id, 1);
  });

  it('a secret sealed under another encryption key cannot be read: the lead rings, noted as unverified', async () => {
    const { owner, device, flowId } = await siteWithTurnstile();
    await app.pool.query(`update flows set turnstile_secret = 'v1.not.a.sealed.secret' where id = $1`, [flowId]);
    const response = await postForm(owner, flowId, { ...QUESTION, [TURNSTILE_FORM_FIELD]: TURNSTILE_TOKENS.passes });
    expect(response.status).toBe(202);
    await response.text();
    const lead = await onlyLeadOf(owner);
    expect(lead).toMatchObject({ status: 'open', reasons: expect.arrayContaining(['captcha_unverified']) });
    await stub.waitForMessages(device.id, 1);
  });

  it('Cloudflare unreachable: the lead is kept and rings, noted as unverified', async () => {
    const { owner, device, flowId } = await siteWithTurnstile();
    await fake.close();
    const response = await postForm(owner, flowId, { ...QUESTION, [TURNSTILE_FORM_FIELD]: TURNSTILE_TOKENS.passes });
    expect(response.status).toBe(202);
    await response.text();
    const lead = await onlyLeadOf(owner);
    expect(lead).toMatchObject({ status: 'open', reasons: expect.arrayContaining(['captcha_unverified']) });
    expect((await stub.waitForMessages(device.id, 1))[0]!.payload.notificationId).toBe(lead.id);
  });
});

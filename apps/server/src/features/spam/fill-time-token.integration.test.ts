import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FIELDS } from '@leadbell/shared/notifications';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { createTestClock, type TestClock } from '../../../test/test-clock.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { WORKER_VERDICT } from './spam-score.ts';

// Decision 039: the fill-time token a form's page fetches, and floods. Each verdict of the token
// through every channel: spam-labelled-set.integration.test.ts.

let app: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = createTestClock(new Date());
  app = await startTestApp({}, undefined, { clock });
});
afterAll(async () => {
  await app?.close();
});

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

async function fillToken(flowId: string): Promise<string> {
  const response = await fetch(`${app.baseUrl}/v1/fill-token?flowId=${flowId}`, {
    headers: { origin: 'https://www.acme.example' },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

function postForm(owner: Owner, flowId: string, fields: Record<string, string>) {
  return fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [FORM_FIELDS.apiKey]: owner.apiKey, [FORM_FIELDS.flowId]: flowId, ...fields }),
  });
}

/** Each lead's status and reason codes once the worker has taken it in, in the order given. */
async function judged(ids: string[]) {
  const rows = async () =>
    (
      await app.pool.query<{ id: string; lead_status: string; spam_reasons: Array<{ code: string }> }>(
        `select n.id, n.lead_status, n.spam_reasons
           from notifications n join lead_search s on s.notification_id = n.id where n.id = any($1)`,
        [ids],
      )
    ).rows;
  await expect.poll(async () => (await rows()).length, { timeout: 10_000 }).toBe(ids.length);
  const byId = new Map((await rows()).map((row) => [row.id, row]));
  return ids.map((id) => ({
    status: byId.get(id)!.lead_status,
    reasons: byId.get(id)!.spam_reasons.map((reason) => reason.code),
  }));
}

async function idOf(response: Response): Promise<string> {
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

describe('spam › the fill-time token (decision 039)', () => {
  it('any page may fetch one, never cached; a bad flow id gets a field message', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const response = await fetch(`${app.baseUrl}/v1/fill-token?flowId=${flowId}`);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { token } = (await response.json()) as { token: string };
    expect(token).toMatch(/^[\w.-]{40,100}$/);
    expect(await fillToken(flowId)).not.toBe(token);

    const bad = await fetch(`${app.baseUrl}/v1/fill-token?flowId=nope`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { details: { fields: object } } }).error.details.fields).toEqual({
      flowId: ['Must be a valid id.'],
    });
  });

  it('a token is good for its own flow only, and is the request’s: never kept as the visitor’s data', async () => {
    const owner = await onboardedOwner(app);
    const [flowId, otherFlowId] = [await createFlow(owner.client), await createFlow(owner.client)];
    const [token, otherToken] = [await fillToken(flowId), await fillToken(otherFlowId)];
    clock.set(new Date(clock.now().getTime() + 10_000));
    const question = { name: 'Ann', question: 'Can you fit a new kitchen tap on Friday?' };
    const ids = [
      await idOf(await postForm(owner, flowId, { ...question, [FORM_FIELDS.fillToken]: token })),
      await idOf(await postForm(owner, flowId, { ...question, [FORM_FIELDS.fillToken]: otherToken })),
      // A page's script that posts the whole form as data.
      await idOf(
        await fetch(`${app.baseUrl}/v1/notify`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${owner.apiKey}`,
            'content-type': 'application/json',
            origin: 'https://www.acme.example',
          },
          body: JSON.stringify({ flowId: otherFlowId, data: { ...question, [FORM_FIELDS.fillToken]: otherToken } }),
        }),
      ),
    ];
    expect(await judged(ids)).toEqual([
      { status: 'open', reasons: [] },
      { status: 'open', reasons: ['forged_token'] },
      { status: 'open', reasons: [] },
    ]);
    const stored = await owner.client.get(`/v1/leads/${ids[2]}`);
    expect(stored.body.data).toEqual(question);
  });
});

describe('spam › a flood on one form (decision 039)', () => {
  it('past the minute’s limit, leads with another signal wait under Spam, uncounted; real leads still ring; the owner is told once', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const flowId = await createFlow(owner.client);
    const limit = WORKER_VERDICT.floodLeadsPerMinute;
    const [humanToken] = [await fillToken(flowId)];
    clock.set(new Date(clock.now().getTime() + 10_000));
    const mailsBefore = app.smtp.count();

    // A bot posting the form without loading its page: each alone never enough, until the flood.
    // Its names are a person's, with a letter: the content model reads numbers in a lead as a pitch's, and "Bot" as a
    // trading bot's (8 points with "Call me back today"): the flood, not the words, must tell them.
    const floodIds: string[] = [];
    for (let index = 0; index < limit + 5; index += 1)
      floodIds.push(
        await idOf(
          await postForm(owner, flowId, {
            name: `Sam ${String.fromCharCode(65 + index)}`,
            question: 'Call me back today',
          }),
        ),
      );
    // A customer who loaded the page, in the middle of the flood.
    const customerId = await idOf(
      await postForm(owner, flowId, {
        name: 'Ann',
        question: 'Can you fit a new kitchen tap on Friday?',
        [FORM_FIELDS.fillToken]: humanToken!,
      }),
    );

    // Once told, the flood reaches back: the bot's leads that rang before it could be told are
    // quarantined too, and given back to the plan (Starter's 20 a month are not the bot's).
    await judged([...floodIds, customerId]);
    await expect
      .poll(async () => (await judged(floodIds)).filter((lead) => lead.status === 'spam').length)
      .toBe(floodIds.length);
    for (const lead of await judged(floodIds))
      expect(lead.reasons).toEqual(expect.arrayContaining(['missing_token', 'flood']));
    // The customer: a real token and nothing else, so never quarantined by the flood alone; held
    // for the limit if it came while the bot's leads still counted, delivered once they do not.
    expect(await judged([customerId])).toEqual([{ status: 'open', reasons: [] }]);
    await expect.poll(async () => (await owner.client.get('/v1/usage')).body.count).toBe(1);
    await expect
      .poll(async () => (await app.pool.query('select is_held from notifications where id = $1', [customerId])).rows[0])
      .toEqual({ is_held: false });
    await expect
      .poll(
        async () => (await app.pool.query('select from deliveries where notification_id = $1', [customerId])).rowCount,
      )
      .toBeGreaterThan(0);
    // …and escalates like any lead that reached the team, whether it was released with its own
    // batch or one after it.
    await expect
      .poll(
        async () =>
          (await app.pool.query('select from lead_escalations where notification_id = $1', [customerId])).rowCount,
      )
      .toBe(1);

    const floodMails = () =>
      app.smtp.received
        .slice(mailsBefore)
        .filter((mail) => mail.to.includes(owner.email) && mail.subject.includes('flood of spam'));
    await expect.poll(() => floodMails().length, { timeout: 10_000 }).toBe(1);
    // Quoted-printable writes = as =3D.
    expect(floodMails()[0]!.raw).toMatch(/\/leads\?filter=(3D)?spam/);
    // More of the flood the same day: no second mail.
    const more = [];
    for (let index = 0; index < 3; index += 1)
      more.push(
        await idOf(
          await postForm(owner, flowId, {
            name: `Sam more ${String.fromCharCode(65 + index)}`,
            question: 'Call me back today',
          }),
        ),
      );
    expect((await judged(more)).every((lead) => lead.status === 'spam')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(floodMails()).toHaveLength(1);
  });

  it('the business’s own server never floods its form: a plain form post after a burst of its calls rings (issue 46)', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const flowId = await createFlow(owner.client);
    // The business's server relays its bookings with the secret key: no Origin, no token.
    const serverIds: string[] = [];
    for (let index = 0; index < WORKER_VERDICT.floodLeadsPerMinute + 5; index += 1)
      serverIds.push(
        await idOf(
          await fetch(`${app.baseUrl}/v1/notify`, {
            method: 'POST',
            headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ flowId, data: { name: `Booking ${index}`, question: 'Table for two at eight' } }),
          }),
        ),
      );
    // A plain HTML form, without the snippet's token: one weak signal, never enough alone.
    const customerId = await idOf(
      await postForm(owner, flowId, { name: 'Ann', question: 'Do you deliver on Sundays?' }),
    );

    expect((await judged(serverIds)).every((lead) => lead.status === 'open')).toBe(true);
    expect(await judged([customerId])).toEqual([{ status: 'open', reasons: ['missing_token'] }]);
    await expect
      .poll(
        async () => (await app.pool.query('select from deliveries where notification_id = $1', [customerId])).rowCount,
      )
      .toBeGreaterThan(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

async function hookOf(owner: Owner, flowId: string): Promise<string> {
  const created = await owner.client.post(`/v1/flows/${flowId}/hook`);
  expect(created.status).toBe(201);
  return created.body.url as string;
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function notificationsOf(owner: Owner, flowId: string) {
  return (await owner.client.get(`/v1/flows/${flowId}/notifications`)).body.Notifications as Array<
    Record<string, unknown>
  >;
}

const WEBFLOW_SUBMISSION = {
  triggerType: 'form_submission',
  payload: {
    name: 'Contact Form',
    siteId: '65427cf400e02b306eaa049c',
    data: { 'First Name': 'Ann', Email: 'ann@example.com', Message: 'Is Saturday free?' },
    submittedAt: '2026-11-23T09:30:00.000Z',
    id: '6321a7b5b3e9a2f1c8d4e5f6',
    formId: '65429eadebe8a9f3a30f62d0',
  },
};

describe('hooks › a webhook address per flow', () => {
  it('a Webflow form submission becomes a notification with every field, flattened', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client, { title: 'New lead: {{First Name}}', message: '{{Message}}' });
    const url = await hookOf(owner, flowId);
    expect(url).toMatch(new RegExp(`^${app.baseUrl}/v1/hooks/lbh_[A-Za-z0-9_-]{43}$`));

    const response = await post(url, WEBFLOW_SUBMISSION);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ flowId, status: 'accepted' });
    expect(await notificationsOf(owner, flowId)).toMatchObject([
      {
        title: 'New lead: Ann',
        message: 'Is Saturday free?',
        source: 'hook',
        data: {
          triggerType: 'form_submission',
          name: 'Contact Form',
          siteId: '65427cf400e02b306eaa049c',
          'First Name': 'Ann',
          Email: 'ann@example.com',
          Message: 'Is Saturday free?',
          submittedAt: '2026-11-23T09:30:00.000Z',
          id: '6321a7b5b3e9a2f1c8d4e5f6',
          formId: '65429eadebe8a9f3a30f62d0',
        },
      },
    ]);
  });

  it('accepts a form body and text/plain JSON too, and cuts what does not fit', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const url = await hookOf(owner, flowId);
    const form = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Bo', note: 'n'.repeat(2000) }).toString(),
    });
    expect(form.status).toBe(202);
    expect((await post(url, JSON.stringify({ name: 'Cy' }), { 'content-type': 'text/plain' })).status).toBe(202);
    const [text, formLead] = await notificationsOf(owner, flowId);
    expect(text).toMatchObject({ title: 'New lead: Cy' });
    expect(formLead).toMatchObject({ title: 'New lead: Bo', shortenedFields: ['note'] });
  });

  it('the same Idempotency-Key replays the first answer', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const url = await hookOf(owner, flowId);
    const first = await post(url, { name: 'Once' }, { 'idempotency-key': 'typeform-event-1' });
    const again = await post(url, { name: 'Once' }, { 'idempotency-key': 'typeform-event-1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await notificationsOf(owner, flowId)).toHaveLength(1);
  });

  it('replacing the address turns the old one off; turning it off answers 401 to the next post', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const first = await hookOf(owner, flowId);
    const second = await hookOf(owner, flowId);
    expect(second).not.toBe(first);
    expect((await post(first, { name: 'Old' })).status).toBe(401);
    expect((await owner.client.get(`/v1/flows/${flowId}/hook`)).body.hook).toMatchObject({ url: second });
    expect((await owner.client.delete(`/v1/flows/${flowId}/hook`)).status).toBe(204);
    expect((await post(second, { name: 'Off' })).status).toBe(401);
    expect((await owner.client.get(`/v1/flows/${flowId}/hook`)).body).toEqual({ hook: null });
    expect((await owner.client.delete(`/v1/flows/${flowId}/hook`)).status).toBe(404);
  });

  it('a token is not an API key, an API key is not a token, and a made-up token answers 401', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const url = await hookOf(owner, flowId);
    const token = url.split('/').at(-1)!;
    const asKey = await post(`${app.baseUrl}/v1/notify`, { flowId }, { 'x-api-key': token });
    expect(asKey.status).toBe(401);
    expect(((await asKey.json()) as { error: { message: string } }).error.message).toMatch(/webhook address/);
    expect((await post(`${app.baseUrl}/v1/hooks/${owner.apiKey}`, { name: 'x' })).status).toBe(401);
    expect((await post(`${app.baseUrl}/v1/hooks/lbh_made-up`, { name: 'x' })).status).toBe(401);
    // Hook tokens never show up among the API keys.
    const keys = await owner.client.get('/v1/api-keys');
    expect(keys.body.data).toHaveLength(1);
  });

  it('past Starter’s limit the lead is held, as /v1/notify’s are: 202, stored, delivered after an upgrade', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const flowId = await createFlow(owner.client);
    const url = await hookOf(owner, flowId);
    const usage = await owner.client.get('/v1/usage');
    await app.pool.query('insert into entity_usage (entity_id, period_start, notification_count) values ($1, $2, 20)', [
      owner.entityId,
      usage.body.periodStart,
    ]);
    const response = await post(url, { name: 'Over' });
    expect(response.status).toBe(202);
    const answer = (await response.json()) as { id: string };
    expect(answer).toMatchObject({ status: 'held', held: true, warning: expect.any(String) });
    const stored = await owner.client.get(`/v1/flows/${flowId}/notifications`);
    expect(stored.body.Notifications).toMatchObject([{ id: answer.id, isHeld: true }]);
  });

  it('another entity’s flow answers 404 on its address routes; without a session 401', async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    await hookOf(owner, flowId);
    expect((await other.client.get(`/v1/flows/${flowId}/hook`)).status).toBe(404);
    expect((await other.client.post(`/v1/flows/${flowId}/hook`)).status).toBe(404);
    expect((await other.client.delete(`/v1/flows/${flowId}/hook`)).status).toBe(404);
    expect((await owner.client.get('/v1/flows/not-a-uuid/hook')).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/v1/flows/${flowId}/hook`)).status).toBe(401);
  });

  it('a body that is not JSON or a form answers 415; malformed JSON 400', async () => {
    const owner = await onboardedOwner(app);
    const url = await hookOf(owner, await createFlow(owner.client));
    expect((await post(url, '<xml/>', { 'content-type': 'application/xml' })).status).toBe(415);
    expect((await post(url, '{"broken":')).status).toBe(400);
  });
});

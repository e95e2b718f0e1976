import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../../test/http-client.ts';
import { createFlow, onboardedOwner, signedInOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const VALID_FLOW = { name: 'Contact form', title: 'New lead: {{name}}', message: '{{name}} wrote: {{question}}' };

describe('flows', () => {
  it('create answers 201 with the flow, and get and list return it', async () => {
    const { client } = await onboardedOwner(app);
    const created = await client.post('/v1/flows', VALID_FLOW);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      flowId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...VALID_FLOW,
      notificationCount: 0,
      lastNotificationAt: null,
      redirectProblem: null,
      responseTargetMinutes: 5,
      isUrgent: false,
      ringPolicy: 'everyone',
      ringStepMinutes: 2,
      turnstileSiteKey: null,
      acknowledgementEnabled: false,
      acknowledgementSubject: null,
      acknowledgementBody: null,
      acknowledgementAfterHoursBody: null,
      replySubject: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const read = await client.get(`/v1/flows/${created.body.flowId}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const list = await client.get('/v1/flows');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [created.body] });
  });

  it('the list shows the newest flow first', async () => {
    const { client } = await onboardedOwner(app);
    const first = await createFlow(client, { name: 'First flow' });
    const second = await createFlow(client, { name: 'Second flow' });
    const list = await client.get('/v1/flows');
    expect(list.body.data.map((flow: { flowId: string }) => flow.flowId)).toEqual([second, first]);
  });

  it('update stores the name, the title and the message as sent (not the name as the title)', async () => {
    const { client } = await onboardedOwner(app);
    const flowId = await createFlow(client);
    const before = await client.get(`/v1/flows/${flowId}`);
    const changes = { name: 'Booking form', title: 'New booking from {{name}}', message: 'Wants a room on {{date}}' };

    const updated = await client.put(`/v1/flows/${flowId}`, changes);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ flowId, ...changes });
    expect(updated.body.title).not.toBe(changes.name);
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.body.updatedAt));
    expect((await client.get(`/v1/flows/${flowId}`)).body).toMatchObject(changes);
  });

  it('delete answers 204, and the flow is gone from get and list', async () => {
    const { client } = await onboardedOwner(app);
    const kept = await createFlow(client, { name: 'Kept flow' });
    const flowId = await createFlow(client);
    const deleted = await client.delete(`/v1/flows/${flowId}`);
    expect(deleted.status).toBe(204);
    expect((await client.get(`/v1/flows/${flowId}`)).status).toBe(404);
    expect((await client.get('/v1/flows')).body.data.map((flow: { flowId: string }) => flow.flowId)).toEqual([kept]);
    expect((await client.delete(`/v1/flows/${flowId}`)).status).toBe(404);
  });

  it('a random uuid and a non-uuid id answer 404 on get, update and delete', async () => {
    const { client } = await onboardedOwner(app);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expect((await client.get(`/v1/flows/${id}`)).status, id).toBe(404);
      expect((await client.put(`/v1/flows/${id}`, VALID_FLOW)).status, id).toBe(404);
      expect((await client.delete(`/v1/flows/${id}`)).status, id).toBe(404);
    }
  });
});

describe('flows › validation', () => {
  let owner: Awaited<ReturnType<typeof onboardedOwner>>;
  beforeAll(async () => {
    owner = await onboardedOwner(app);
  });

  it.each([
    ['a 2-character name', { name: 'ab' }, 'name', 'Please enter valid Name'],
    ['a missing name', { name: undefined }, 'name', 'Please enter a name for the flow.'],
    ['a 2-character title', { title: 'ab' }, 'title', 'Please enter valid Title'],
    ['a title of spaces', { title: '      ' }, 'title', 'Please enter the title your phone shows.'],
    ['a 9-character message', { message: '123456789' }, 'message', 'Please enter valid Message'],
    ['a numeric message', { message: 1234567890 }, 'message', 'Please enter the message your phone shows.'],
    ['a 101-character name', { name: 'n'.repeat(101) }, 'name', 'Name must be 100 characters or less.'],
    ['a 201-character title', { title: 't'.repeat(201) }, 'title', 'Title must be 200 characters or less.'],
    ['a 10 kB message', { message: 'm'.repeat(10_000) }, 'message', 'Message must be 2000 characters or less.'],
    [
      'a title with an unclosed placeholder',
      { title: 'New lead: {{name}} {{phone' },
      'title',
      'Title has an unclosed {{ at character 20.',
    ],
  ])('%s answers 400 with the field message, on create and on update', async (_label, override, field, message) => {
    const { client } = owner;
    const flowId = await createFlow(client);
    const flowsBefore = (await client.get('/v1/flows')).body.data.length;
    const body = { ...VALID_FLOW, ...override };

    const created = await client.post('/v1/flows', body);
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('validation_error');
    expect(created.body.error.details.fields[field]).toEqual([message]);

    const updated = await client.put(`/v1/flows/${flowId}`, body);
    expect(updated.status).toBe(400);
    expect(updated.body.error.details.fields[field]).toEqual([message]);
    expect((await client.get('/v1/flows')).body.data).toHaveLength(flowsBefore);
    expect((await client.get(`/v1/flows/${flowId}`)).body).toMatchObject(VALID_FLOW);
  });

  it('inputs are trimmed and control characters removed; the message keeps its line breaks', async () => {
    const { client } = await onboardedOwner(app);
    const created = await client.post('/v1/flows', {
      name: '  Contact\u0000 form\u0007  ',
      title: '\tNew\u001b lead: {{name}}\n',
      message: '  First line\u0000\nSecond\tline\u007f  ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Contact form',
      title: 'New lead: {{name}}',
      message: 'First line\nSecond\tline',
    });

    const updated = await client.put(`/v1/flows/${created.body.flowId}`, {
      name: ' Edited\u0008 ',
      title: ' Title\u0000! ',
      message: '\u0001 Edited message ',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Edited', title: 'Title!', message: 'Edited message' });
    expect((await client.get(`/v1/flows/${created.body.flowId}`)).body).toMatchObject({
      name: 'Edited',
      title: 'Title!',
      message: 'Edited message',
    });
  });

  it('control characters do not count toward the minimum length', async () => {
    const { client } = await onboardedOwner(app);
    const response = await client.post('/v1/flows', { ...VALID_FLOW, name: 'ab\u0000\u0000\u0000' });
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields.name).toEqual(['Please enter valid Name']);
  });
});

/** One call to each flow route, with a flow id nobody has. */
async function callEveryFlowRoute(client: HttpClient) {
  const id = randomUUID();
  return [
    await client.get('/v1/flows'),
    await client.post('/v1/flows', VALID_FLOW),
    await client.get(`/v1/flows/${id}`),
    await client.put(`/v1/flows/${id}`, VALID_FLOW),
    await client.delete(`/v1/flows/${id}`),
  ];
}

describe('flows › access', () => {
  it('a user without an entity answers 409 entity_required on every flow route', async () => {
    const { client } = await signedInOwner(app);
    for (const response of await callEveryFlowRoute(client)) {
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('entity_required');
    }
  });

  it('without a session every flow route answers 401 unauthorized', async () => {
    for (const response of await callEveryFlowRoute(createHttpClient(app))) {
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
  });

  it("another entity cannot read, edit or delete the first entity's flow, and the flow is unchanged afterwards", async () => {
    const owner = await onboardedOwner(app);
    const intruder = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const before = await owner.client.get(`/v1/flows/${flowId}`);

    const read = await intruder.client.get(`/v1/flows/${flowId}`);
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe('not_found');
    expect(
      (
        await intruder.client.put(`/v1/flows/${flowId}`, {
          name: 'Hijacked',
          title: 'Hijacked',
          message: 'Hijacked message',
        })
      ).status,
    ).toBe(404);
    expect((await intruder.client.delete(`/v1/flows/${flowId}`)).status).toBe(404);

    const after = await owner.client.get(`/v1/flows/${flowId}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  });

  it('the list shows only the own entity’s flows', async () => {
    const first = await onboardedOwner(app);
    const second = await onboardedOwner(app);
    const firstFlow = await createFlow(first.client, { name: 'First entity flow' });
    const secondFlow = await createFlow(second.client, { name: 'Second entity flow' });
    expect((await first.client.get('/v1/flows')).body.data.map((flow: { flowId: string }) => flow.flowId)).toEqual([
      firstFlow,
    ]);
    expect((await second.client.get('/v1/flows')).body.data.map((flow: { flowId: string }) => flow.flowId)).toEqual([
      secondFlow,
    ]);
  });
});

describe('flows › notifications', () => {
  it('notificationCount and lastNotificationAt follow the notifications posted to the flow', async () => {
    const { client, apiKey } = await onboardedOwner(app);
    const flowId = await createFlow(client);
    const site = createHttpClient(app, { bearer: apiKey });

    // Counted by the delivery worker when it takes the lead in (decision 038), as of the lead's arrival.
    const first = await site.post('/v1/notify', { flowId, data: { name: 'Ann' } });
    expect(first.status).toBe(202);
    await expect
      .poll(async () => {
        const { notificationCount, lastNotificationAt } = (await client.get(`/v1/flows/${flowId}`)).body;
        return { notificationCount, lastNotificationAt };
      })
      .toEqual({ notificationCount: 1, lastNotificationAt: first.body.createdAt });

    const second = await site.post('/v1/notify', { flowId, data: { name: 'Bob' } });
    expect(second.status).toBe(202);
    await expect
      .poll(async () => {
        const flows = (await client.get('/v1/flows')).body.data as Array<Record<string, unknown>>;
        const { notificationCount, lastNotificationAt } = flows.find((flow) => flow.flowId === flowId)!;
        return { notificationCount, lastNotificationAt };
      })
      .toEqual({ notificationCount: 2, lastNotificationAt: second.body.createdAt });
  });

  it('deleting a flow removes its notifications, and its notification list answers 404 afterwards', async () => {
    const { client, apiKey } = await onboardedOwner(app);
    const flowId = await createFlow(client);
    const otherFlowId = await createFlow(client, { name: 'Other flow' });
    const site = createHttpClient(app, { bearer: apiKey });
    for (const id of [flowId, flowId, otherFlowId])
      expect((await site.post('/v1/notify', { flowId: id })).status).toBe(202);
    expect((await client.get(`/v1/flows/${flowId}/notifications`)).body.Notifications).toHaveLength(2);

    expect((await client.delete(`/v1/flows/${flowId}`)).status).toBe(204);
    const list = await client.get(`/v1/flows/${flowId}/notifications`);
    expect(list.status).toBe(404);
    expect(list.body.error.code).toBe('not_found');
    const remaining = await app.pool.query('select flow_id from notifications where flow_id = any($1::uuid[])', [
      [flowId, otherFlowId],
    ]);
    expect(remaining.rows).toEqual([{ flow_id: otherFlowId }]);
    expect((await site.post('/v1/notify', { flowId })).status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../test/http-client.ts';
import { onboardedOwner, signedInOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

async function apiKeyRowsOf(entityId: string): Promise<number> {
  const result = await app.pool.query('select count(*)::int as count from api_keys where entity_id = $1', [entityId]);
  return result.rows[0].count as number;
}

describe('entities', () => {
  it('creating an entity answers 201 and moves onboarding to the plan step', async () => {
    const { client } = await signedInOwner(app);
    const created = await client.post('/v1/entities', { name: '  Acme Homes  ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Acme Homes',
      plan: null,
      pendingPlan: null,
      pendingPlanFrom: null,
      defaultCountry: null,
      timeZone: 'UTC',
      businessHours: null,
      replyToEmail: null,
      currency: null,
      createdAt: expect.any(String),
    });

    const me = await client.get('/v1/me');
    expect(me.status).toBe(200);
    expect(me.body.onboardingStep).toBe('plan');
    expect(me.body.user.entityId).toBe(created.body.id);
    expect(me.body.entity).toEqual(created.body);
  });

  it('the browser’s time zone sets the business’s country, which the admin can change (issue 25)', async () => {
    const london = await signedInOwner(app);
    const created = await london.client.post('/v1/entities', { name: 'Acme Homes', timeZone: 'Europe/London' });
    expect(created.body).toMatchObject({ timeZone: 'Europe/London', defaultCountry: 'GB', currency: 'GBP' });
    const changed = await london.client.patch(`/v1/entities/${created.body.id}`, { defaultCountry: 'IE' });
    expect(changed.body).toMatchObject({ defaultCountry: 'IE' });

    const utc = await signedInOwner(app);
    const nowhere = await utc.client.post('/v1/entities', { name: 'Acme Homes', timeZone: 'UTC' });
    expect(nowhere.body).toMatchObject({ timeZone: 'UTC', defaultCountry: null, currency: null });
  });

  it('where the zone names no country, the browser’s locale gives the country and its currency (issue 49)', async () => {
    const paris = await signedInOwner(app);
    const created = await paris.client.post('/v1/entities', {
      name: 'Plomberie Martin',
      timeZone: 'UTC',
      locale: 'fr-FR',
    });
    expect(created.body).toMatchObject({ defaultCountry: 'FR', currency: 'EUR' });
    const bad = await (await signedInOwner(app)).client.post('/v1/entities', { name: 'Acme Homes', locale: 42 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fields)).toEqual(['locale']);
  });

  it('a second entity for the same user answers 409 entity_exists and creates nothing', async () => {
    const { client } = await signedInOwner(app);
    const first = await client.post('/v1/entities', { name: 'First Entity' });
    expect(first.status).toBe(201);
    const before = await app.pool.query('select count(*)::int as count from entities');

    const second = await client.post('/v1/entities', { name: 'Second Entity' });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('entity_exists');

    const after = await app.pool.query('select count(*)::int as count from entities');
    expect(after.rows[0].count).toBe(before.rows[0].count);
    expect((await client.get('/v1/me')).body.entity.id).toBe(first.body.id);
  });

  it.each([
    ['an empty name', '', 'Entity name is required'],
    ['a name of spaces only', '     ', 'Entity name is required'],
    ['a missing name', undefined, 'Entity name is required'],
    ['a 2-character name', 'Ab', 'Please enter a valid Entity name.'],
    ['a 10 kB name', 'x'.repeat(10_000), 'Entity name must be 100 characters or less.'],
  ])('%s answers 400 with the field message', async (_label, name, message) => {
    const { client } = await signedInOwner(app);
    const response = await client.post('/v1/entities', name === undefined ? {} : { name });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details.fields.name).toEqual([message]);
    expect((await client.get('/v1/me')).body.onboardingStep).toBe('entity');
  });

  it('the owner reads their own entity', async () => {
    const { client, entityId } = await onboardedOwner(app, { plan: 'pro', entityName: 'Own Entity' });
    const response = await client.get(`/v1/entities/${entityId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: entityId,
      name: 'Own Entity',
      plan: 'pro',
      pendingPlan: null,
      pendingPlanFrom: null,
      defaultCountry: null,
      timeZone: 'UTC',
      businessHours: null,
      replyToEmail: null,
      currency: null,
      createdAt: expect.any(String),
    });
  });

  it("another entity's id, a random uuid and a non-uuid all answer 404", async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    for (const id of [other.entityId, randomUUID(), 'not-a-uuid']) {
      const response = await owner.client.get(`/v1/entities/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
  });

  it('a user without an entity reading an entity id answers 404', async () => {
    const { client } = await signedInOwner(app);
    const other = await onboardedOwner(app);
    expect((await client.get(`/v1/entities/${other.entityId}`)).status).toBe(404);
  });
});

describe('entities › plan', () => {
  it.each([
    ['an unknown plan', { plan: 'platinum' }],
    ['no plan', {}],
    ['a number', { plan: 1 }],
  ])('%s answers 400 "Please select a plan."', async (_label, body) => {
    const { client } = await signedInOwner(app);
    const entity = await client.post('/v1/entities', { name: 'Plan Picker' });
    const response = await client.put(`/v1/entities/${entity.body.id}/plan`, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.message).toBe('Please select a plan.');
    expect(response.body.error.details.fields.plan).toEqual(['Please select a plan.']);
  });

  it("choosing a plan on another entity answers 404 and leaves that entity's plan alone", async () => {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const other = await onboardedOwner(app, { plan: 'growth' });
    const response = await owner.client.put(`/v1/entities/${other.entityId}/plan`, { plan: 'elite' });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
    expect((await other.client.get(`/v1/entities/${other.entityId}`)).body.plan).toBe('growth');
  });

  it('choosing a plan before having an entity answers 404', async () => {
    const { client } = await signedInOwner(app);
    expect((await client.put(`/v1/entities/${randomUUID()}/plan`, { plan: 'growth' })).status).toBe(404);
  });

  it('choosing a plan completes onboarding and issues exactly one API key; choosing again adds none', async () => {
    const { client } = await signedInOwner(app);
    const entity = await client.post('/v1/entities', { name: 'Key Holder' });
    expect(await apiKeyRowsOf(entity.body.id)).toBe(0);

    const chosen = await client.put(`/v1/entities/${entity.body.id}/plan`, { plan: 'starter' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ id: entity.body.id, plan: 'starter' });
    expect((await client.get('/v1/me')).body.onboardingStep).toBe('complete');
    const keys = await client.get('/v1/api-keys');
    expect(keys.body.data).toHaveLength(1);
    expect(await apiKeyRowsOf(entity.body.id)).toBe(1);

    const again = await client.put(`/v1/entities/${entity.body.id}/plan`, { plan: 'elite' });
    expect(again.status).toBe(200);
    // A larger plan starts at once (decision 040; usage tests cover the timing).
    expect(again.body).toMatchObject({ plan: 'elite', pendingPlan: null });
    expect(await apiKeyRowsOf(entity.body.id)).toBe(1);
    expect((await client.get('/v1/api-keys')).body.data.map((key: { id: string }) => key.id)).toEqual([
      keys.body.data[0].id,
    ]);
  });
});

describe('entities › without a session', () => {
  it.each([
    ['POST', '/v1/entities', { name: 'Acme Homes' }],
    ['GET', `/v1/entities/${randomUUID()}`, undefined],
    ['PUT', `/v1/entities/${randomUUID()}/plan`, { plan: 'growth' }],
  ])('%s %s answers 401 unauthorized', async (method, path, body) => {
    const client = createHttpClient(app);
    const response =
      method === 'POST'
        ? await client.post(path, body)
        : method === 'PUT'
          ? await client.put(path, body)
          : await client.get(path);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });
});

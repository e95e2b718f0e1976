import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { maskApiKey } from '@leadbell/shared/masking';
import { createHttpClient } from '../../../test/http-client.ts';
import { createFlow, onboardedOwner, signedInOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe('api keys', () => {
  it('the list shows each key masked as its first 4, stars and last 4, and never the secret', async () => {
    const { client, apiKey } = await onboardedOwner(app);
    const list = await client.get('/v1/api-keys');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: expect.any(String),
        label: 'Default',
        maskedKey: maskApiKey(apiKey),
        createdAt: expect.any(String),
        lastUsedAt: null,
        allowedOrigins: [],
      },
    ]);

    const [key] = list.body.data as ApiKeySummary[];
    expect(key!.maskedKey).toBe(`${apiKey.slice(0, 4)}********${apiKey.slice(-4)}`);
    expect(apiKey).toMatch(/^lb_live_[\w-]{32}$/);
    expect(JSON.stringify(list.body)).not.toContain(apiKey);
    expect(JSON.stringify(list.body)).not.toContain(apiKey.slice(8, -4));
  });

  it('the secret answers {API_Key} with cache-control no-store, and the key works on /v1/notify', async () => {
    const { client, apiKey } = await onboardedOwner(app);
    const [key] = (await client.get('/v1/api-keys')).body.data as ApiKeySummary[];
    const secret = await client.get(`/v1/api-keys/${key!.id}/secret`);
    expect(secret.status).toBe(200);
    expect(secret.body).toEqual({ API_Key: apiKey });
    expect(secret.headers.get('cache-control')).toBe('no-store');

    const flowId = await createFlow(client);
    expect((await createHttpClient(app, { bearer: secret.body.API_Key }).post('/v1/notify', { flowId })).status).toBe(
      202,
    );
  });

  it('using a key records when it was last used', async () => {
    const { client, apiKey } = await onboardedOwner(app);
    const flowId = await createFlow(client);
    const sent = await createHttpClient(app, { bearer: apiKey }).post('/v1/notify', { flowId });
    // Recorded by the delivery worker when it takes the lead in (decision 038), as of the lead's arrival.
    await expect
      .poll(async () => ((await client.get('/v1/api-keys')).body.data as ApiKeySummary[])[0]!.lastUsedAt)
      .toBe(sent.body.createdAt);
  });

  it('POST {label} answers 201 with the new key, which the list shows first', async () => {
    const { client } = await onboardedOwner(app);
    const created = await client.post('/v1/api-keys', { label: '  Staging site ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      label: 'Staging site',
      maskedKey: expect.any(String),
      createdAt: expect.any(String),
      lastUsedAt: null,
      allowedOrigins: [],
    });

    const list = (await client.get('/v1/api-keys')).body.data as ApiKeySummary[];
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual(created.body);
    expect(list[1]!.label).toBe('Default');

    const secret = await client.get(`/v1/api-keys/${created.body.id}/secret`);
    expect(created.body.maskedKey).toBe(maskApiKey(secret.body.API_Key));
    expect(list[1]!.maskedKey).not.toBe(created.body.maskedKey);
  });

  it('a key without a label, or with an empty one, has a null label', async () => {
    const { client } = await onboardedOwner(app);
    expect((await client.post('/v1/api-keys', {})).body.label).toBeNull();
    expect((await client.post('/v1/api-keys', { label: '   ' })).body.label).toBeNull();
  });

  it.each([
    ['a 61-character label', { label: 'l'.repeat(61) }, 'Label must be 60 characters or less.'],
    ['a 10 kB label', { label: 'l'.repeat(10_000) }, 'Label must be 60 characters or less.'],
  ])('%s answers 400 and creates nothing', async (_label, body, message) => {
    const { client } = await onboardedOwner(app);
    const response = await client.post('/v1/api-keys', body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details.fields.label).toEqual([message]);
    expect((await client.get('/v1/api-keys')).body.data).toHaveLength(1);
  });

  it('a numeric label answers 400', async () => {
    const { client } = await onboardedOwner(app);
    const response = await client.post('/v1/api-keys', { label: 42 });
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields.label?.[0]).toEqual(expect.any(String));
  });

  it('DELETE revokes: the revoked key answers 401 on /v1/notify at once, the other key still works', async () => {
    const { client, apiKey } = await onboardedOwner(app);
    const flowId = await createFlow(client);
    const second = await client.post('/v1/api-keys', { label: 'Second' });
    const secondKey = (await client.get(`/v1/api-keys/${second.body.id}/secret`)).body.API_Key as string;
    const firstSite = createHttpClient(app, { bearer: apiKey });
    const secondSite = createHttpClient(app, { bearer: secondKey });
    expect((await firstSite.post('/v1/notify', { flowId })).status).toBe(202);

    const [, first] = (await client.get('/v1/api-keys')).body.data as ApiKeySummary[];
    const revoked = await client.delete(`/v1/api-keys/${first!.id}`);
    expect(revoked.status).toBe(204);

    const refused = await firstSite.post('/v1/notify', { flowId });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_api_key');
    expect((await createHttpClient(app).post('/v1/notify', { flowId }, { 'x-api-key': apiKey })).status).toBe(401);
    expect((await secondSite.post('/v1/notify', { flowId })).status).toBe(202);

    expect(((await client.get('/v1/api-keys')).body.data as ApiKeySummary[]).map((key) => key.id)).toEqual([
      second.body.id,
    ]);
    expect((await client.get(`/v1/api-keys/${first!.id}/secret`)).status).toBe(404);
    expect((await client.delete(`/v1/api-keys/${first!.id}`)).status).toBe(404);
  });

  it("another entity's key id answers 404 for the secret and for delete, and the key keeps working", async () => {
    const owner = await onboardedOwner(app);
    const intruder = await onboardedOwner(app);
    const [key] = (await owner.client.get('/v1/api-keys')).body.data as ApiKeySummary[];

    const secret = await intruder.client.get(`/v1/api-keys/${key!.id}/secret`);
    expect(secret.status).toBe(404);
    expect(secret.body.error.code).toBe('not_found');
    expect(JSON.stringify(secret.body)).not.toContain(owner.apiKey);
    const deleted = await intruder.client.delete(`/v1/api-keys/${key!.id}`);
    expect(deleted.status).toBe(404);
    const limited = await intruder.client.patch(`/v1/api-keys/${key!.id}`, {
      allowedOrigins: ['https://intruder.example'],
    });
    expect(limited.status).toBe(404);

    expect((await owner.client.get('/v1/api-keys')).body.data).toHaveLength(1);
    const flowId = await createFlow(owner.client);
    expect((await createHttpClient(app, { bearer: owner.apiKey }).post('/v1/notify', { flowId })).status).toBe(202);
  });

  it('a random uuid and a non-uuid key id answer 404', async () => {
    const { client } = await onboardedOwner(app);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expect((await client.get(`/v1/api-keys/${id}/secret`)).status, id).toBe(404);
      expect((await client.delete(`/v1/api-keys/${id}`)).status, id).toBe(404);
      expect((await client.patch(`/v1/api-keys/${id}`, { allowedOrigins: [] })).status, id).toBe(404);
    }
  });

  it('allowed origins are normalised, de-duplicated and editable; bad ones answer 400 per entry', async () => {
    const { client } = await onboardedOwner(app);
    const created = await client.post('/v1/api-keys', {
      label: 'Shop',
      allowedOrigins: ['HTTPS://Shop.Example/', 'https://shop.example', 'http://localhost:8080'],
    });
    expect(created.status).toBe(201);
    expect(created.body.allowedOrigins).toEqual(['https://shop.example', 'http://localhost:8080']);

    const updated = await client.patch(`/v1/api-keys/${created.body.id}`, {
      allowedOrigins: ['https://www.shop.example'],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, allowedOrigins: ['https://www.shop.example'] });
    const [listed] = (await client.get('/v1/api-keys')).body.data as ApiKeySummary[];
    expect(listed!.allowedOrigins).toEqual(['https://www.shop.example']);

    const bad = await client.patch(`/v1/api-keys/${created.body.id}`, {
      allowedOrigins: ['https://ok.example', 'https://shop.example/contact', 'ftp://files.example'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields).toEqual({
      'allowedOrigins.1': ['Enter an origin like https://www.example.com (no path).'],
      'allowedOrigins.2': ['Enter an origin like https://www.example.com (no path).'],
    });
    const tooMany = await client.patch(`/v1/api-keys/${created.body.id}`, {
      allowedOrigins: Array.from({ length: 21 }, (_, index) => `https://site${index}.example`),
    });
    expect(tooMany.body.error.details.fields.allowedOrigins).toEqual(['At most 20 allowed origins.']);
  });

  it('the database stores no plain key: only its hash, its cipher text and its mask', async () => {
    const { client, apiKey } = await onboardedOwner(app);
    await client.post('/v1/api-keys', { label: 'Another' });
    const ids = ((await client.get('/v1/api-keys')).body.data as ApiKeySummary[]).map((key) => key.id);
    const secrets = await Promise.all(
      ids.map(async (id) => (await client.get(`/v1/api-keys/${id}/secret`)).body.API_Key as string),
    );
    expect(secrets).toContain(apiKey);

    const { rows } = await app.pool.query('select * from api_keys where id = any($1::uuid[])', [ids]);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        const text = value instanceof Date ? value.toISOString() : String(value);
        for (const secret of secrets) {
          expect(text, column).not.toContain(secret);
          expect(text, column).not.toContain(secret.slice(8, -4));
        }
      }
    }
  });
});

describe('api keys › access', () => {
  it('a user without an entity answers 409 entity_required', async () => {
    const { client } = await signedInOwner(app);
    for (const response of [await client.get('/v1/api-keys'), await client.post('/v1/api-keys', { label: 'x' })]) {
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('entity_required');
    }
  });

  it('without a session every key route answers 401 unauthorized, even with an API key', async () => {
    const { apiKey } = await onboardedOwner(app);
    const id = randomUUID();
    for (const client of [createHttpClient(app), createHttpClient(app, { bearer: apiKey })]) {
      const responses = [
        await client.get('/v1/api-keys'),
        await client.post('/v1/api-keys', { label: 'x' }),
        await client.get(`/v1/api-keys/${id}/secret`),
        await client.delete(`/v1/api-keys/${id}`),
      ];
      for (const response of responses) {
        expect(response.status).toBe(401);
        expect(response.body.error.code).toBe('unauthorized');
      }
    }
  });
});

import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { pushServiceOriginsOf } from './push-service-origins.ts';

let app: TestApp;
beforeAll(async () => {
  // Nothing is sent: the devices are only recorded.
  app = await startTestApp({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,*.push.apple.com' });
});
afterAll(async () => app?.close());

async function registerDevice(client: Awaited<ReturnType<typeof onboardedOwner>>['client'], endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  expect((await client.post('/v1/push-subscriptions', { endpoint, keys })).status).toBe(201);
}

describe('the push services a start readies (decision 092)', () => {
  it('are each push service the devices use, once, as a URL names its origin, of those still allowed', async () => {
    const [ann, bob] = [await onboardedOwner(app), await onboardedOwner(app)];
    await registerDevice(ann.client, `https://fcm.googleapis.com/fcm/send/${randomUUID()}`);
    await registerDevice(bob.client, `https://fcm.googleapis.com:443/fcm/send/${randomUUID()}`);
    await registerDevice(bob.client, `https://web.push.apple.com/${randomUUID()}`);
    const db = drizzle(app.pool);

    const both = await pushServiceOriginsOf(db, ['fcm.googleapis.com', '*.push.apple.com']);
    expect(both.sort()).toEqual(['https://fcm.googleapis.com', 'https://web.push.apple.com']);
    // A host taken off PUSH_SERVICE_HOSTS since its devices registered is not reached.
    expect(await pushServiceOriginsOf(db, ['*.push.apple.com'])).toEqual(['https://web.push.apple.com']);
  });
});

import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { createPushEncryptionPool, type PushEncryptionPool } from './push-encryption-pool.ts';

// http_ece ships no types; the browser's side of RFC 8291, to read what the pool encrypted.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }) => Buffer;
};

function device() {
  const privateKey = createECDH('prime256v1');
  privateKey.generateKeys();
  const authSecret = randomBytes(16);
  const target = {
    endpoint: 'https://push.example/send/1',
    keys: { p256dh: privateKey.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
  return { target, read: (body: Buffer) => ece.decrypt(body, { version: 'aes128gcm', privateKey, authSecret }) };
}

let pool: PushEncryptionPool | undefined;
afterEach(async () => pool?.close());

describe('push encryption on worker threads', () => {
  it('encrypts many messages at once, each readable only by its own device, with TTL and urgency', async () => {
    pool = createPushEncryptionPool(2);
    const devices = Array.from({ length: 20 }, device);
    const encrypted = await Promise.all(
      devices.map((one, index) => pool!.encrypt(one.target, JSON.stringify({ index }), 60)),
    );
    encrypted.forEach((message, index) => {
      if ('error' in message) throw new Error(message.error);
      expect(message.headers).toMatchObject({ TTL: 60, Urgency: 'high', 'Content-Encoding': 'aes128gcm' });
      expect(JSON.parse(devices[index]!.read(message.body).toString('utf8'))).toEqual({ index });
      expect(() => devices[(index + 1) % devices.length]!.read(message.body)).toThrow();
    });
  });

  it('a device whose key is not a P-256 point fails for good; a stopped pool fails for now', async () => {
    pool = createPushEncryptionPool(1);
    const broken = {
      ...device().target,
      keys: { p256dh: 'bm90IGEga2V5', auth: randomBytes(16).toString('base64url') },
    };
    expect(await pool.encrypt(broken, '{}', 60)).toEqual({ error: expect.any(String), isPermanent: true });
    await pool.close();
    expect(await pool.encrypt(device().target, '{}', 60)).toEqual({
      error: 'the encryption workers are stopped',
      isPermanent: false,
    });
  });
});

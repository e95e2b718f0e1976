import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadbell-secrets-'));
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

const stored = async () => JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'));

describe('secrets', () => {
  it('a first run generates a VAPID key pair with the other secrets and keeps it across runs', async () => {
    const first = await loadSecrets(dataDir, {});
    expect(first.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.vapidPrivateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await loadSecrets(dataDir, {})).toEqual(first);
  });

  it('a secrets file from before Web Push keeps its secrets and gains a VAPID pair', async () => {
    const old = {
      authSecret: 'a'.repeat(43),
      apiKeyEncryptionKey: 'b'.repeat(64),
      embeddedPostgresPassword: 'c'.repeat(24),
    };
    await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify(old));
    const loaded = await loadSecrets(dataDir, {});
    expect(loaded).toMatchObject(old);
    expect(await stored()).toEqual(loaded);
    expect((await loadSecrets(dataDir, {})).vapidPublicKey).toBe(loaded.vapidPublicKey);
  });

  it('VAPID keys from the environment win, and only as a pair', async () => {
    const pair = webpush.generateVAPIDKeys();
    const loaded = await loadSecrets(dataDir, { vapidPublicKey: pair.publicKey, vapidPrivateKey: pair.privateKey });
    expect(loaded).toMatchObject({ vapidPublicKey: pair.publicKey, vapidPrivateKey: pair.privateKey });
    expect((await stored()).vapidPublicKey).not.toBe(pair.publicKey);
    await expect(loadSecrets(dataDir, { vapidPublicKey: pair.publicKey })).rejects.toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
  });
});

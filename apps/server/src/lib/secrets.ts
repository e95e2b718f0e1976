import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

const VAPID_PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;
const VAPID_PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

const SecretsSchema = z.object({
  authSecret: z.string().min(32),
  apiKeyEncryptionKey: z.string().regex(/^[0-9a-f]{64}$/),
  embeddedPostgresPassword: z.string().min(16),
  vapidPublicKey: z.string().regex(VAPID_PUBLIC_KEY),
  vapidPrivateKey: z.string().regex(VAPID_PRIVATE_KEY),
});
export type Secrets = z.infer<typeof SecretsSchema>;

// Files written before Web Push existed lack the VAPID pair; they load, and the pair is added.
const StoredSecretsSchema = SecretsSchema.partial({ vapidPublicKey: true, vapidPrivateKey: true });
type StoredSecrets = z.infer<typeof StoredSecretsSchema>;

function generateSecrets(): Secrets {
  return {
    authSecret: randomBytes(32).toString('base64url'),
    apiKeyEncryptionKey: randomBytes(32).toString('hex'),
    embeddedPostgresPassword: randomBytes(18).toString('base64url'),
    ...generateVapidKeys(),
  };
}

function generateVapidKeys(): Pick<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'> {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { vapidPublicKey: publicKey, vapidPrivateKey: privateKey };
}

async function readStoredSecrets(file: string): Promise<StoredSecrets | null> {
  try {
    return StoredSecretsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(
      `${file} is unreadable or damaged; restore it from a backup or remove it only if the data folder is new.`,
      { cause: error },
    );
  }
}

/** Replaces the file in one step, so a crash mid-write never leaves half a secrets file. */
async function rewriteSecrets(file: string, secrets: Secrets): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await rename(temporary, file);
}

/**
 * Reads the secrets persisted in `dataDir/secrets.json`, creating them on first run so a fresh
 * checkout starts without configuration. Values given in the environment win; several servers
 * sharing one database must be given the same ones (see README).
 */
export async function loadSecrets(
  dataDir: string,
  overrides: {
    authSecret?: string | undefined;
    apiKeyEncryptionKey?: string | undefined;
    vapidPublicKey?: string | undefined;
    vapidPrivateKey?: string | undefined;
  },
): Promise<Secrets> {
  if (Boolean(overrides.vapidPublicKey) !== Boolean(overrides.vapidPrivateKey)) {
    // One half from the environment and the other from the file would never verify.
    throw new Error('Invalid environment:\n  - VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const file = path.join(dataDir, 'secrets.json');
  const found = await readStoredSecrets(file);
  let stored: Secrets;
  if (!found) {
    stored = generateSecrets();
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
  } else if (!found.vapidPublicKey || !found.vapidPrivateKey) {
    stored = { ...found, ...generateVapidKeys() };
    await rewriteSecrets(file, stored);
  } else {
    stored = { ...found, vapidPublicKey: found.vapidPublicKey, vapidPrivateKey: found.vapidPrivateKey };
  }
  const vapid =
    overrides.vapidPublicKey && overrides.vapidPrivateKey
      ? { vapidPublicKey: overrides.vapidPublicKey, vapidPrivateKey: overrides.vapidPrivateKey }
      : { vapidPublicKey: stored.vapidPublicKey, vapidPrivateKey: stored.vapidPrivateKey };
  return {
    ...stored,
    ...vapid,
    authSecret: overrides.authSecret ?? stored.authSecret,
    apiKeyEncryptionKey: overrides.apiKeyEncryptionKey?.toLowerCase() ?? stored.apiKeyEncryptionKey,
  };
}

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const SecretsSchema = z.object({
  authSecret: z.string().min(32),
  apiKeyEncryptionKey: z.string().regex(/^[0-9a-f]{64}$/),
  embeddedPostgresPassword: z.string().min(16),
});
export type Secrets = z.infer<typeof SecretsSchema>;

function generateSecrets(): Secrets {
  return {
    authSecret: randomBytes(32).toString('base64url'),
    apiKeyEncryptionKey: randomBytes(32).toString('hex'),
    embeddedPostgresPassword: randomBytes(18).toString('base64url'),
  };
}

/**
 * Reads the secrets persisted in `dataDir/secrets.json`, creating them on first run so a fresh
 * checkout starts without configuration. Values given in the environment win; several servers
 * sharing one database must be given the same ones (see README).
 */
export async function loadSecrets(
  dataDir: string,
  overrides: { authSecret?: string | undefined; apiKeyEncryptionKey?: string | undefined },
): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Secrets;
  try {
    stored = SecretsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(
        `${file} is unreadable or damaged; restore it from a backup or remove it only if the data folder is new.`,
        { cause: error },
      );
    }
    stored = generateSecrets();
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
  }
  return {
    ...stored,
    authSecret: overrides.authSecret ?? stored.authSecret,
    apiKeyEncryptionKey: overrides.apiKeyEncryptionKey?.toLowerCase() ?? stored.apiKeyEncryptionKey,
  };
}

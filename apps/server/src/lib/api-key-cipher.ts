import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { generateSecretToken, hashSecretToken } from './secret-token.ts';

const KEY_PREFIX = 'lb_live_';
const FORMAT_VERSION = 'v1';

export type ApiKeyCipher = { encrypt: (key: string) => string; decrypt: (sealed: string) => string };

/** A new API key: a recognisable prefix and 192 random bits. */
export function generateApiKey(): string {
  return generateSecretToken(KEY_PREFIX, 24);
}

/** A webhook address's token: longer than a key, as it travels in URLs that may be logged. */
export function generateHookToken(): string {
  return generateSecretToken('lbh_', 32);
}

/** How a presented key is found: only this digest is compared, never the key itself. */
export const hashApiKey = hashSecretToken;

/** AES-256-GCM with a random nonce per key, so the console's copy button can show the key again. */
export function createApiKeyCipher(hexKey: string): ApiKeyCipher {
  const secret = Buffer.from(hexKey, 'hex');
  if (secret.length !== 32) throw new Error('The API key encryption key must be 32 bytes.');
  return {
    encrypt(key) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, nonce);
      const ciphertext = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
      return [FORMAT_VERSION, nonce, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, nonce, tag, ciphertext] = sealed.split('.');
      if (version !== FORMAT_VERSION || !nonce || !tag || !ciphertext)
        throw new Error('Unknown API key ciphertext format.');
      const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

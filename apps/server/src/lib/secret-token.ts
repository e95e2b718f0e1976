import { createHash, randomBytes } from 'node:crypto';

/** A secret for a header or a link: a prefix people recognise, then `bytes` random bytes (base64url). */
export function generateSecretToken(prefix: string, bytes: number): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** How a presented secret is found: only this digest is stored and compared, never the secret itself. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

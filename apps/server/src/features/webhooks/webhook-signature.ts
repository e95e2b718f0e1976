import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The `webhook-id` of a delivery: the same on every retry and resend of it. */
export function webhookMessageIdOf(deliveryId: string): string {
  return `msg_${deliveryId.replaceAll('-', '')}`;
}

/**
 * The `webhook-signature` header per the Standard Webhooks specification
 * (https://www.standardwebhooks.com/): `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for each
 * secret, space-separated, so during a rotation's overlap a receiver holding either secret verifies.
 */
export function signWebhook({
  id,
  timestamp,
  body,
  secrets,
}: {
  id: string;
  timestamp: number;
  body: string;
  secrets: string[];
}): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

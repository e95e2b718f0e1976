import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook, webhookMessageIdOf } from './webhook-signature.ts';

describe('webhook signature', () => {
  it('verifies with the standardwebhooks package, an independent implementation', () => {
    const secret = generateWebhookSecret();
    const id = webhookMessageIdOf('0b4c3a4e-8c39-4d2f-9b1e-2f6f1a7d9c10');
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: { version: 1 } });
    const signature = signWebhook({ id, timestamp, body, secrets: [secret] });
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('matches the specification’s published example', () => {
    // https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
    const signature = signWebhook({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
      secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    });
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs with every secret during a rotation, and either verifies', () => {
    const [older, newer] = [generateWebhookSecret(), generateWebhookSecret()];
    const id = 'msg_1';
    const timestamp = Math.floor(Date.now() / 1000);
    const body = '{"a":1}';
    const signature = signWebhook({ id, timestamp, body, secrets: [newer, older] });
    expect(signature.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    expect(new Webhook(older).verify(body, headers)).toEqual({ a: 1 });
    expect(new Webhook(newer).verify(body, headers)).toEqual({ a: 1 });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('keeps one message id per delivery', () => {
    expect(webhookMessageIdOf('0b4c3a4e-8c39-4d2f-9b1e-2f6f1a7d9c10')).toBe('msg_0b4c3a4e8c394d2f9b1e2f6f1a7d9c10');
  });
});

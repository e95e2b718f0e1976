import { describe, expect, it } from 'vitest';
import { PushPayloadSchema, type PushPayload } from '@leadbell/shared/push-payload';
import { buildPushPayload, PUSH_PLAINTEXT_MAX_BYTES } from './push-payload.ts';

const content: PushPayload = {
  title: 'New lead: Bob',
  message: 'Bob wrote: is it free?',
  url: 'https://example.com/flows/1',
  notificationId: '7f2c1e0a-0000-4000-8000-000000000001',
  flowId: '7f2c1e0a-0000-4000-8000-000000000002',
  deliveryId: '7f2c1e0a-0000-4000-8000-000000000003',
  deviceId: null,
  isTest: false,
  phone: '+447911123456',
  actions: ['claim', 'call'],
  escalation: false,
  silent: false,
};

describe('push payload', () => {
  it('keeps a payload that fits unchanged', () => {
    expect(JSON.parse(buildPushPayload(content))).toEqual(content);
  });

  it('sends what the shared schema the service worker reads with accepts, cut or not', () => {
    const testPush: PushPayload = {
      ...content,
      notificationId: null,
      flowId: null,
      deliveryId: null,
      deviceId: 'v1',
      isTest: true,
      phone: null,
      actions: [],
    };
    const cut = { ...content, title: '\u0001'.repeat(700), message: '😀'.repeat(2000) };
    for (const payload of [content, testPush, cut]) {
      expect(PushPayloadSchema.safeParse(JSON.parse(buildPushPayload(payload))).success).toBe(true);
    }
  });

  it('cuts a message that would exceed 4,096 encrypted bytes at a code point, with an ellipsis', () => {
    const message = '😀'.repeat(1000) + '\u0001'.repeat(1000);
    const payload = buildPushPayload({ ...content, message });
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(PUSH_PLAINTEXT_MAX_BYTES);
    const parsed = JSON.parse(payload) as PushPayload;
    expect(parsed.message.endsWith('…')).toBe(true);
    expect(message.startsWith(parsed.message.slice(0, -1))).toBe(true);
    expect(parsed.title).toBe(content.title);
    // As long as the limit allows: one more code point would not fit.
    const longer = [...message].slice(0, [...parsed.message].length).join('') + '…';
    expect(Buffer.byteLength(JSON.stringify({ ...parsed, message: longer }))).toBeGreaterThan(PUSH_PLAINTEXT_MAX_BYTES);
  });

  it('cuts the title too when the message alone cannot make room', () => {
    const payload = buildPushPayload({
      ...content,
      title: '\u0001'.repeat(700),
      url: `https://e.com/${'a'.repeat(3200)}`,
    });
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(PUSH_PLAINTEXT_MAX_BYTES);
    const parsed = JSON.parse(payload) as PushPayload;
    expect(parsed.message).toBe('');
    expect(parsed.title.endsWith('…')).toBe(true);
  });

  it('a lead at every limit still fits, and keeps its id, phone and actions whole', () => {
    // The largest a lead can be: title and message at their limits in characters JSON escapes
    // six-fold, a 2,048-character url, a long escalation prefix.
    const payload = buildPushPayload({
      ...content,
      title: `Still unanswered (120 min): ${'"'.repeat(250)}`,
      message: '\u0001'.repeat(2000),
      url: `https://acme.example/${'x'.repeat(2048 - 21)}`,
      phone: '+12025550123',
      escalation: true,
    });
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(PUSH_PLAINTEXT_MAX_BYTES);
    expect(JSON.parse(payload)).toMatchObject({
      notificationId: content.notificationId,
      phone: '+12025550123',
      actions: ['claim', 'call'],
      escalation: true,
    });
  });
});

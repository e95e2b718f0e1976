import {
  NOTIFY_STATUSES,
  NotifyRequestSchema,
  type NotifyRequest,
  type NotifyResponse,
} from '@leadbell/shared/notifications';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { FILL_TOKEN_MAX_LENGTH } from './get-fill-token.ts';
import type { KnownNotifyStatus, NotifyInput, NotifyResult } from './leadbell.ts';

// The published SDK cannot depend on the private contract package: its lists are bundled in from it
// (tsup.config.ts), but its own types for the request and the answer are written out; these checks
// fail when the contract changes without them (the type checks fail `npm run typecheck`).
describe('the SDK’s copy of the contract', () => {
  it('knows every notify status, and the fields of the request and of the 202 answer', () => {
    expectTypeOf<KnownNotifyStatus>().toEqualTypeOf<(typeof NOTIFY_STATUSES)[number]>();
    expectTypeOf<keyof NotifyInput>().toEqualTypeOf<keyof NotifyRequest>();
    expectTypeOf<keyof NotifyResult>().toEqualTypeOf<keyof NotifyResponse>();
    expectTypeOf<NotifyInput['data']>().toEqualTypeOf<NotifyRequest['data']>();
    expect(NOTIFY_STATUSES).toEqual(['accepted', 'held']);
  });

  it('caps the fill token it passes on at the length notify accepts', () => {
    const withToken = (length: number) => ({ flowId: crypto.randomUUID(), fillToken: 'x'.repeat(length) });
    expect(NotifyRequestSchema.safeParse(withToken(FILL_TOKEN_MAX_LENGTH)).success).toBe(true);
    expect(NotifyRequestSchema.safeParse(withToken(FILL_TOKEN_MAX_LENGTH + 1)).success).toBe(false);
  });
});

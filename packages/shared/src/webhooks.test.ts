import { describe, expect, it } from 'vitest';
import { CreateWebhookEndpointSchema, UpdateWebhookEndpointSchema } from './webhooks.ts';

function fieldsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('webhook endpoint input', () => {
  it('takes an http(s) address, the events in their canonical order, and an optional flow', () => {
    const parsed = CreateWebhookEndpointSchema.parse({
      url: '  https://hooks.example.com/leadbell  ',
      events: ['lead.done', 'lead.created', 'lead.done'],
    });
    expect(parsed).toEqual({ url: 'https://hooks.example.com/leadbell', events: ['lead.created', 'lead.done'] });
  });

  it('refuses other schemes, credentials, no events and unknown events, field by field', () => {
    expect(
      fieldsOf(CreateWebhookEndpointSchema.safeParse({ url: 'ftp://example.com', events: ['lead.created'] })),
    ).toEqual({
      url: 'Enter the endpoint’s address, like https://example.com/webhooks/leadbell.',
    });
    expect(
      fieldsOf(
        CreateWebhookEndpointSchema.safeParse({ url: 'https://ann:secret@example.com', events: ['lead.created'] }),
      ),
    ).toEqual({ url: 'The address must not carry a user name or password.' });
    expect(fieldsOf(CreateWebhookEndpointSchema.safeParse({ url: 'https://example.com', events: [] }))).toEqual({
      events: 'Choose at least one event.',
    });
    expect(
      fieldsOf(CreateWebhookEndpointSchema.safeParse({ url: 'https://example.com', events: ['lead.exploded'] })),
    ).toHaveProperty(['events.0']);
    expect(fieldsOf(UpdateWebhookEndpointSchema.safeParse({ enabled: 'yes' }))).toEqual({
      enabled: 'enabled is true or false.',
    });
  });
});

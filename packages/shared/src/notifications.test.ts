import { describe, expect, it } from 'vitest';
import { NotifyRequestSchema } from './notifications.ts';

const FLOW_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

function messagesOf(value: object): Record<string, string[]> {
  const result = NotifyRequestSchema.safeParse({ flowId: FLOW_ID, ...value });
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}

describe('notify › title and message overrides are templates', () => {
  it('refuses broken placeholders with the flow form’s messages', () => {
    expect(messagesOf({ title: 'New lead: {{name}} {{phone', message: 'Wrote: {{question}}}}' })).toEqual({
      title: ['Title has an unclosed {{ at character 20.'],
      message: ['Message has a }} without an opening {{ at character 20.'],
    });
  });

  it('accepts placeholders the renderer fills', () => {
    expect(
      messagesOf({ title: 'Viewing request from {{Name}}', message: '{{ First Name }} asks: {{Message}}' }),
    ).toEqual({});
  });
});

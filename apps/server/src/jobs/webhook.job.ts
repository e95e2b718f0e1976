import { z } from 'zod';
import { defineJob, JOB_RETRY } from './job-definition.ts';
import { createWebhookHandler } from './webhook.handler.ts';

/**
 * `webhook`: attempt number `attempt` (from 0) at one `webhook_deliveries` row (issue 27,
 * decision 049). Queued by the worker's intake (`lead.created`), queueWebhookEvent (the other
 * events), a resend, and the handler itself for the next retry (WEBHOOK_RETRY_DELAYS_SECONDS). A
 * job whose attempt number no longer matches the row's is stale and does nothing.
 */
export const WebhookPayloadSchema = z.object({
  kind: z.literal('webhook'),
  deliveryId: z.uuid(),
  attempt: z.number().int().min(0),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

export const webhookJob = defineJob({
  kind: 'webhook',
  schema: WebhookPayloadSchema,
  retry: JOB_RETRY,
  createHandler: createWebhookHandler,
});

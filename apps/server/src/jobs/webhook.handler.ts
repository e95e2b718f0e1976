import { createWebhookDeliveryHandler } from '../features/webhooks/deliver-webhook.ts';
import { createWebhookCircuit } from '../features/webhooks/webhook-circuit.ts';
import type { JobContext } from './job-definition.ts';

/**
 * The webhook attempt (features/webhooks) on the channels' connections (decision 054), behind one
 * circuit per process: a slow endpoint holds only its share of the webhooks lane.
 */
export function createWebhookHandler({ queue, clock, webhooks }: JobContext) {
  return createWebhookDeliveryHandler({ ...webhooks, db: queue.channelsDb, queue }, createWebhookCircuit(clock));
}

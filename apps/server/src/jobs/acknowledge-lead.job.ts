import { z } from 'zod';
import { createAcknowledgeHandler } from './acknowledge-lead.handler.ts';
import { defineJob, JOB_RETRY } from './job-definition.ts';

/**
 * `acknowledge`: the email a visitor gets when their lead arrives on a flow with the
 * acknowledgement on (decision 047), queued by leadbell_take_outbox for each lead that is not
 * spam, not a test and not held. The lead's `acknowledged` or `not_acknowledged` event keeps a
 * rerun from sending twice.
 */
export const AcknowledgeLeadPayloadSchema = z.object({
  kind: z.literal('acknowledge'),
  notificationId: z.uuid(),
});
export type AcknowledgeLeadPayload = z.infer<typeof AcknowledgeLeadPayloadSchema>;

export const acknowledgeLeadJob = defineJob({
  kind: 'acknowledge',
  schema: AcknowledgeLeadPayloadSchema,
  retry: JOB_RETRY,
  createHandler: createAcknowledgeHandler,
});

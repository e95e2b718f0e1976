import { z } from 'zod';

/**
 * `escalation`: a lead nobody claimed in time (decision 025). Stage 1 rings every member's
 * devices again at the response target, stage 2 emails every member at twice it. Queued by
 * leadbell_accept_notifications with the lead; a claim before it comes makes it do nothing.
 */
export const EscalationPayloadSchema = z.object({
  kind: z.literal('escalation'),
  notificationId: z.uuid(),
  stage: z.union([z.literal(1), z.literal(2)]),
});
export type EscalationPayload = z.infer<typeof EscalationPayloadSchema>;

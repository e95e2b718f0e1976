import { z } from 'zod';
import { createEscalationHandler } from './escalation.handler.ts';
import { defineJob, JOB_RETRY } from './job-definition.ts';

/**
 * `escalation`: a lead nobody claimed in time (decision 025). Stage 1 rings every member's
 * devices again at the response target, stage 2 emails every member at twice it. Stages now run
 * from lead_escalations (escalation-sweep.ts, decision 038); this job kind was queued per stage
 * before that and still runs when a deployment upgrades with such jobs waiting.
 */
export const EscalationPayloadSchema = z.object({
  kind: z.literal('escalation'),
  notificationId: z.uuid(),
  stage: z.union([z.literal(1), z.literal(2)]),
});
export type EscalationPayload = z.infer<typeof EscalationPayloadSchema>;

export const escalationJob = defineJob({
  kind: 'escalation',
  schema: EscalationPayloadSchema,
  retry: JOB_RETRY,
  createHandler: createEscalationHandler,
});

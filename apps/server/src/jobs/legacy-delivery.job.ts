import { z } from 'zod';
import { defineJob, JOB_RETRY } from './job-definition.ts';

/** The lane a job was queued in, when it was a personal channel's (see laneOf). */
const PersonalLaneSchema = z.enum(['telegram', 'sms']).optional();

// Jobs queued before a delivery became its own schedule (decision 067). No code queues them now,
// but one queued before an upgrade may still wait in pg-boss (a retry at its backoff, a job of a
// stopped worker before it expires), and nothing removed them when the upgrade ran: they still
// parse, and do nothing, since their deliveries are due rows that the lanes fetch.
const doNothing = () => async () => {};

export const legacyDeliveriesJob = defineJob({
  kind: 'deliveries',
  schema: z.object({ kind: z.literal('deliveries'), deliveryIds: z.array(z.uuid()).min(1), lane: PersonalLaneSchema }),
  retry: JOB_RETRY,
  createHandler: doNothing,
});

export const legacyDeliveryJob = defineJob({
  kind: 'delivery',
  schema: z.object({
    kind: z.literal('delivery'),
    deliveryId: z.uuid(),
    attempt: z.number().int().min(0),
    lane: PersonalLaneSchema,
  }),
  retry: JOB_RETRY,
  createHandler: doNothing,
});

import { z } from 'zod';
import { ENTITY_ALERT_KINDS } from '../db/schema/usage.ts';
import { createEntityAlertHandler } from './entity-alert.handler.ts';
import { defineJob, JOB_RETRY } from './job-definition.ts';

/**
 * `entity-alert`: the email for one row of `entity_alerts` (usage at 80% or 100% of the plan's
 * volume, or the first lead held this billing month), sent once to every admin of the entity.
 * The row's `sent_at` keeps a rerun from sending twice.
 */
export const EntityAlertPayloadSchema = z.object({
  kind: z.literal('entity-alert'),
  entityId: z.uuid(),
  periodStart: z.string(),
  alert: z.enum(ENTITY_ALERT_KINDS),
});
export type EntityAlertPayload = z.infer<typeof EntityAlertPayloadSchema>;

export const entityAlertJob = defineJob({
  kind: 'entity-alert',
  schema: EntityAlertPayloadSchema,
  retry: JOB_RETRY,
  createHandler: createEntityAlertHandler,
});

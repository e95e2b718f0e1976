import { escalateLead } from '../features/leads/escalate-lead.ts';
import type { EscalationPayload } from './escalation.job.ts';
import type { JobContext } from './job-definition.ts';

/** Runs the stage as the escalation sweep does (escalateLead: nothing for a lead no longer open). */
export function createEscalationHandler({ queue }: JobContext) {
  return async (payload: EscalationPayload) => void (await escalateLead(queue.db, payload));
}

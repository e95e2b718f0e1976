import { createAcknowledgeLeadHandler } from '../features/acknowledgements/acknowledge-lead.ts';
import type { JobContext } from './job-definition.ts';

/** The acknowledgement (features/acknowledgements) on the push lane's connections. */
export function createAcknowledgeHandler({ queue, mailer, env }: JobContext) {
  return createAcknowledgeLeadHandler({ db: queue.db, mailer, visitorMailsPerMinute: env.VISITOR_MAILS_PER_MINUTE });
}

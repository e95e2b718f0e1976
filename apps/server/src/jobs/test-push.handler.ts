import type { JobContext } from './job-definition.ts';
import type { TestPushPayload } from './test-push.job.ts';

/** Sends the test push with the push lane's deliverer, which records its attempt. */
export function createTestPushHandler({ deliverer }: JobContext) {
  return ({ subscriptionId }: TestPushPayload) => deliverer.sendTest(subscriptionId);
}

import { z } from 'zod';
import { defineJob, JOB_RETRY } from './job-definition.ts';
import { createTestPushHandler } from './test-push.handler.ts';

/**
 * `test`: one "Send test notification" to a device. A test is interactive: its push is tried once
 * and its outcome shown, never retried as a lead's is; the job itself reruns only after a crash.
 */
export const TestPushPayloadSchema = z.object({ kind: z.literal('test'), subscriptionId: z.uuid() });
export type TestPushPayload = z.infer<typeof TestPushPayloadSchema>;

export const testPushJob = defineJob({
  kind: 'test',
  schema: TestPushPayloadSchema,
  retry: JOB_RETRY,
  createHandler: createTestPushHandler,
});

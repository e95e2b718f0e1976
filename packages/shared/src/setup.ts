import { z } from 'zod';

/**
 * `GET /v1/setup`: the first-day checklist and whether the signed-in user will hear about a lead,
 * read from the server's records (never from a flag the browser keeps).
 */
export const SetupStatusSchema = z.object({
  steps: z.object({
    /** ① The user has at least one device with notifications on. */
    device: z.object({ isDone: z.boolean(), deviceCount: z.number().int() }),
    /** ② One of the user's devices confirmed it received a push (the test, or a real lead). */
    test: z.object({ isDone: z.boolean(), confirmedAt: z.string().nullable() }),
    /** ③ A notification reached a flow through the public endpoint (a test lead counts). */
    connect: z.object({ isDone: z.boolean(), flowId: z.string().nullable() }),
    /** ④ The first lead that is not a test arrived. */
    firstLead: z.object({ isDone: z.boolean(), at: z.string().nullable(), flowId: z.string().nullable() }),
  }),
  isComplete: z.boolean(),
  alerting: z.object({
    /** False only when nothing would reach the user: shown as "You will not be alerted about new leads". */
    willBeAlerted: z.boolean(),
    /** Devices that confirmed a delivery and are not failing. */
    workingDeviceCount: z.number().int(),
    /** Email copies as they apply now (the user's choice, or the default). */
    emailCopies: z.boolean(),
    /** The server has a mail transport (SMTP); without one, emails only reach the server's log. */
    canSendEmail: z.boolean(),
  }),
});
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

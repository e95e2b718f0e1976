import { z } from 'zod';

/** How a new lead can reach a person, in the order the console names them. */
export const ALERT_CHANNELS = ['push', 'email', 'telegram', 'sms'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** Channels a test other than a push reaches a person by (a push is confirmed by the device instead). */
export const TEST_REACH_CHANNELS = ['email', 'telegram', 'sms'] as const;
export type TestReachChannel = (typeof TEST_REACH_CHANNELS)[number];

/**
 * The alert status (issue 49): which channels a new lead reaches the signed-in person by, worked
 * out once on the server from the same records the delivery fan-out reads. The banner, the setup
 * checklist and the lead card all show this one answer.
 */
export const AlertStatusSchema = z.object({
  /** In ALERT_CHANNELS order; empty when nothing would reach them ("You will not be alerted"). */
  channels: z.array(z.enum(ALERT_CHANNELS)),
  /** Devices with notifications on, confirmed or not. */
  deviceCount: z.number().int(),
  /** Devices that confirmed a delivery and are not failing: what "push on N devices" counts. */
  workingDeviceCount: z.number().int(),
  /** Email copies as they apply now (the user's choice, or the default). */
  emailCopies: z.boolean(),
});
export type AlertStatus = z.infer<typeof AlertStatusSchema>;

/**
 * `GET /v1/setup`: the first-day checklist and the alert status, read from the server's records
 * (never from a flag the browser keeps).
 */
export const SetupStatusSchema = z.object({
  steps: z.object({
    /**
     * ① The user chose how they are alerted: a device with notifications on, email copies on
     * purpose, a linked Telegram or texts for every lead.
     */
    device: z.object({ isDone: z.boolean(), deviceCount: z.number().int() }),
    /**
     * ② A test reached the user by a channel they chose: a device confirmed a push (the test, or a
     * real lead), or a test email, Telegram message or text was taken for delivery.
     */
    test: z.object({
      isDone: z.boolean(),
      confirmedAt: z.string().nullable(),
      channel: z.enum(ALERT_CHANNELS).nullable(),
    }),
    /** ③ A notification reached a flow through the public endpoint (a test lead counts). */
    connect: z.object({ isDone: z.boolean(), flowId: z.string().nullable() }),
    /** ④ The first lead that is not a test arrived. */
    firstLead: z.object({ isDone: z.boolean(), at: z.string().nullable(), flowId: z.string().nullable() }),
  }),
  isComplete: z.boolean(),
  alerting: AlertStatusSchema,
});
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

/** `POST /v1/me/email/test`: the test email went to this address. */
export const EmailTestResultSchema = z.object({ to: z.string() });
export type EmailTestResult = z.infer<typeof EmailTestResultSchema>;

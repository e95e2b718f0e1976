// zod/mini (the same zod, functional API): the service worker bundles this schema, and the mini
// build keeps sw.js a fraction of the size the chained API would make it.
import * as z from 'zod/mini';

/**
 * Buttons on the phone's notification (decision 024): "I'm on it" claims through the service
 * worker, "Call" dials the lead's phone. Chromium shows them; Safari and Firefox ignore them.
 */
export const PUSH_ACTIONS = ['claim', 'call'] as const;
export const PushActionSchema = z.enum(PUSH_ACTIONS);
export type PushAction = z.infer<typeof PushActionSchema>;

const IdSchema = z.string().check(z.minLength(1));

/**
 * What the delivery worker sends in a Web Push message (JSON) and the service worker reads: one
 * definition for both ends. The service worker reads it field by field (`readPushPayload` in the
 * web app), so a push it cannot fully read still shows a notification.
 */
export const PushPayloadSchema = z.object({
  /** Shown as plain text: `showNotification` never interprets HTML. Cut to fit the push size limit. */
  title: z.string(),
  /** Shown as plain text; cut first (possibly to nothing) to fit the push size limit. */
  message: z.string(),
  /** The notification's own https URL, or the flow's notifications page in the console. */
  url: z.string(),
  notificationId: z.nullable(IdSchema),
  flowId: z.nullable(IdSchema),
  /** The delivery, for the device's receipt (`POST /v1/push/receipts`); null for a test push. */
  deliveryId: z.nullable(IdSchema),
  /** The device, for the receipt of a test push; null for a delivery. */
  deviceId: z.nullable(IdSchema),
  /** A test push, or a test notification (decision 021). */
  isTest: z.boolean(),
  /**
   * The number the Call button dials (decision 024): E.164, or digits as written when the business
   * has no country. Only a phone number ever becomes a `tel:` link.
   */
  phone: z.nullable(z.string().check(z.regex(/^\+?\d{6,15}$/))),
  /** The notification's buttons; none for a test push. */
  actions: z.array(PushActionSchema),
  /** Nobody claimed the lead in time: the device rings again and keeps it on screen (decision 025). */
  escalation: z.boolean(),
  /** The member's quiet hours: shown without sound or vibration (decision 025). */
  silent: z.boolean(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

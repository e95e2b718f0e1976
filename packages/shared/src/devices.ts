import { z } from 'zod';
import { QuietHoursSchema } from './business-hours.ts';
import { textField } from './fields.ts';
import { SMS_CHOICES } from './sms.ts';
import { VOICE_CHOICES } from './voice.ts';

/** The browser's `PushSubscription.toJSON()`, plus a label the owner recognises the device by. */
export const CreatePushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'Push endpoint must be an https:// address.' })
    .max(1024, 'Push endpoint is too long.'),
  keys: z.object({
    p256dh: z
      .string({ error: 'Subscription key p256dh is required.' })
      .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Subscription key p256dh is not a P-256 public key.'),
    auth: z
      .string({ error: 'Subscription key auth is required.' })
      .regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'Subscription key auth is not a 16-byte secret.'),
  }),
  label: textField({ max: [80, 'Device name must be 80 characters or less.'] }).optional(),
});
export type CreatePushSubscription = z.infer<typeof CreatePushSubscriptionSchema>;

/** A device after this many failed deliveries in a row is flagged in the console. */
export const DEVICE_FAILING_AFTER = 3;

export const DeviceSchema = z.object({
  id: z.string(),
  label: z.string().nullable(),
  /** The push service's host (fcm.googleapis.com, web.push.apple.com…): tells the platform apart. */
  pushService: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastFailureReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  isFailing: z.boolean(),
  /** The last time the device itself confirmed a push arrived (its service worker answered). */
  lastReceivedAt: z.string().nullable(),
});
export type Device = z.infer<typeof DeviceSchema>;

export const DeviceListSchema = z.object({ data: z.array(DeviceSchema) });
export type DeviceList = z.infer<typeof DeviceListSchema>;

export const VapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof VapidPublicKeySchema>;

const EMAIL_CHOICE_MESSAGE = 'Choose whether to receive notifications by email.';

const DeliveryPreferencesFields = z.object({
  /** Left out: unchanged, so saving quiet hours alone keeps the email default (decision 021). */
  emailNotifications: z.boolean({ error: EMAIL_CHOICE_MESSAGE }).optional(),
  /** Left out: unchanged. Null: no quiet hours. */
  quietHours: QuietHoursSchema.nullable().optional(),
  /** Left out: unchanged. Leads by text message (decision 053); other than `off` needs a verified number. */
  sms: z.enum(SMS_CHOICES, { error: `Choose ${SMS_CHOICES.join(', ')}.` }).optional(),
  /** Left out: unchanged. Leads by phone call (issue 50); other than `off` needs a verified number. */
  voice: z.enum(VOICE_CHOICES, { error: `Choose ${VOICE_CHOICES.join(', ')}.` }).optional(),
});

/** The signed-in user's choice of email copies, quiet hours, texts and calls (`PUT /v1/me/delivery-preferences`): any of them. */
export const DeliveryPreferencesSchema = DeliveryPreferencesFields.refine(
  (input) =>
    input.emailNotifications !== undefined ||
    input.quietHours !== undefined ||
    input.sms !== undefined ||
    input.voice !== undefined,
  { error: EMAIL_CHOICE_MESSAGE, path: ['emailNotifications'] },
);
export type DeliveryPreferences = z.infer<typeof DeliveryPreferencesSchema>;

/**
 * Whether email copies go out (`GET /v1/me/delivery-preferences`). `isDefault`: the user has not
 * chosen, so copies are on until one of their devices confirms a delivery, then off.
 */
export const DeliveryPreferencesStateSchema = DeliveryPreferencesFields.extend({
  emailNotifications: z.boolean(),
  isDefault: z.boolean(),
  quietHours: QuietHoursSchema.nullable(),
  sms: z.enum(SMS_CHOICES),
  voice: z.enum(VOICE_CHOICES),
});
export type DeliveryPreferencesState = z.infer<typeof DeliveryPreferencesStateSchema>;

/** `sentAt`: the server's clock when the test was queued; the device's times after it tell the outcome. */
export const TestNotificationResultSchema = z.object({ queued: z.number().int(), sentAt: z.string() });
export type TestNotificationResult = z.infer<typeof TestNotificationResultSchema>;

/**
 * What a device's service worker sends when a push arrives (`POST /v1/push/receipts`): the
 * delivery of a notification, or the device of a test push.
 */
export const PushReceiptSchema = z
  .object({
    deliveryId: z.uuid({ error: 'Must be a valid id.' }).optional(),
    deviceId: z.uuid({ error: 'Must be a valid id.' }).optional(),
  })
  .refine((receipt) => Boolean(receipt.deliveryId) !== Boolean(receipt.deviceId), {
    error: 'Send either a deliveryId or a deviceId.',
  });
export type PushReceipt = z.infer<typeof PushReceiptSchema>;

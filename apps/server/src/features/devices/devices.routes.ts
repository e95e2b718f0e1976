import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreatePushSubscriptionSchema,
  DeliveryPreferencesSchema,
  DeliveryPreferencesStateSchema,
  DeviceListSchema,
  DeviceSchema,
  PushReceiptSchema,
  TestNotificationResultSchema,
  VapidPublicKeySchema,
} from '@leadbell/shared/devices';
import { EmailTestResultSchema } from '@leadbell/shared/setup';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { ENTITY_REQUIRED, errorResponses, jsonResponse, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { deletePushSubscription } from './delete-push-subscription.ts';
import type { DeviceOwner } from './device-record.ts';
import { getDeliveryPreferences } from './get-delivery-preferences.ts';
import { listDevices } from './list-devices.ts';
import { recordPushReceipt } from './record-push-receipt.ts';
import { registerPushSubscription } from './register-push-subscription.ts';
import { sendEmailTest } from './send-email-test.ts';
import { sendTestNotification } from './send-test-notification.ts';
import { updateDeliveryPreferences } from './update-delivery-preferences.ts';

function ownerOf(request: FastifyRequest): DeviceOwner {
  return { userId: sessionUserOf(request).id, entityId: entityIdOf(request) };
}

export function registerDeviceRoutes(
  app: FastifyInstance,
  { db, requireSession, deliveryQueue }: RouteContext,
  {
    vapidPublicKey,
    pushServiceHosts,
    mailer,
    onDeviceRegistered,
  }: {
    vapidPublicKey: string;
    pushServiceHosts: readonly string[];
    mailer: Mailer;
    /** Told each device registered, so its push service is ready for its first lead. */
    onDeviceRegistered: (endpoint: string) => void;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/v1/push/vapid-public-key',
    {
      schema: {
        summary: 'The server’s push key',
        description: 'The VAPID public key a browser subscribes to Web Push with (`applicationServerKey`).',
        response: { 200: VapidPublicKeySchema },
      },
      onRequest: requireSession,
    },
    async () => ({ publicKey: vapidPublicKey }),
  );

  routes.get(
    '/v1/push-subscriptions',
    {
      schema: {
        summary: 'List my devices',
        description: 'The signed-in user’s devices that ring, with their delivery health.',
        response: { 200: DeviceListSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
    },
    async (request) => ({ data: await listDevices(db, ownerOf(request)) }),
  );

  routes.post(
    '/v1/push-subscriptions',
    {
      schema: {
        summary: 'Turn on notifications on this device',
        description:
          'Registers the browser’s Web Push subscription (`PushSubscription.toJSON()`) for the signed-in user. Registering the same endpoint again updates it.',
        body: CreatePushSubscriptionSchema,
        response: {
          201: jsonResponse(DeviceSchema, 'The device.'),
          ...errorResponses({
            400: 'Invalid subscription (`validation_error`), or a push service that is not supported (`push_service_not_allowed`).',
            409: 'No business or no plan yet: `entity_required`, `no_plan`.',
          }),
        },
      },
      onRequest: requireSession,
    },
    async (request, reply) => {
      const device = await registerPushSubscription(db, ownerOf(request), request.body, pushServiceHosts);
      onDeviceRegistered(request.body.endpoint);
      return reply.status(201).send(device);
    },
  );

  routes.delete(
    '/v1/push-subscriptions/:id',
    {
      schema: {
        summary: 'Turn off notifications on a device',
        params: IdParamsSchema,
        response: { 204: noContent('Removed.'), ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
    },
    async (request, reply) => {
      await deletePushSubscription(db, ownerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/v1/push-subscriptions/:id/test',
    {
      schema: {
        summary: 'Ring a device with a test',
        description:
          'Queues a test push to the device through the real delivery path. Its outcome shows on the device’s times (`lastSuccessAt`, `lastReceivedAt` after `sentAt`).',
        params: IdParamsSchema,
        response: { 202: jsonResponse(TestNotificationResultSchema, 'Queued.'), ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
    },
    async (request, reply) =>
      reply.status(202).send(await sendTestNotification(db, deliveryQueue, ownerOf(request), request.params.id)),
  );

  // Sent by the service worker when it shows a push: the device itself got it (decision 021).
  routes.post(
    '/v1/push/receipts',
    {
      schema: {
        summary: 'Confirm a push arrived',
        description:
          'The service worker’s receipt for a push it showed: a delivery (`deliveryId`) or a test push (`deviceId`) of the signed-in user. The first receipt turns email copies off by default.',
        body: PushReceiptSchema,
        response: { 204: noContent('Recorded.'), ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
    },
    async (request, reply) => {
      await recordPushReceipt(db, ownerOf(request), request.body);
      return reply.status(204).send();
    },
  );

  routes.get(
    '/v1/me/delivery-preferences',
    {
      schema: {
        tags: ['Devices'],
        summary: 'Read my email copies setting',
        description:
          'Whether notifications also reach the user by email. `isDefault`: the user has not chosen, so copies are on until one of their devices confirms a delivery.',
        response: { 200: DeliveryPreferencesStateSchema },
      },
      onRequest: requireSession,
    },
    async (request) => getDeliveryPreferences(db, sessionUserOf(request).id),
  );

  routes.put(
    '/v1/me/delivery-preferences',
    {
      schema: {
        tags: ['Devices'],
        summary: 'Turn email copies on or off, set quiet hours, choose texts',
        description:
          'Any of: `emailNotifications`, `quietHours`, and `sms` (`off`, `escalations`, `all`: which leads also come by text message; other than `off` needs a verified number from `POST /v1/me/phone`).',
        body: DeliveryPreferencesSchema,
        response: { 200: DeliveryPreferencesStateSchema },
      },
      onRequest: requireSession,
    },
    async (request) => updateDeliveryPreferences(db, sessionUserOf(request).id, request.body),
  );

  routes.post(
    '/v1/me/email/test',
    {
      schema: {
        tags: ['Devices'],
        summary: 'Email me a test',
        description: `Emails the signed-in user a test now (not retried), so they see a lead's email arrive; once the mail server took it, the first-day checklist's test step ticks. One a minute (\`rate_limited\` with \`Retry-After\` sooner).`,
        response: {
          200: jsonResponse(EmailTestResultSchema, 'The mail server took the test email.'),
          ...errorResponses({
            429: 'A test email went in the last minute: `rate_limited`.',
            502: 'The mail server refused it: `mail_failed`.',
          }),
        },
      },
      onRequest: requireSession,
    },
    async (request) => sendEmailTest(db, mailer, sessionUserOf(request)),
  );
}

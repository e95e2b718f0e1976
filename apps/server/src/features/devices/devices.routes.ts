import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreatePushSubscriptionSchema, DeliveryPreferencesSchema } from '@leadbell/shared/devices';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { deletePushSubscription } from './delete-push-subscription.ts';
import type { DeviceOwner } from './device-record.ts';
import { getDeliveryPreferences } from './get-delivery-preferences.ts';
import { listDevices } from './list-devices.ts';
import { registerPushSubscription } from './register-push-subscription.ts';
import { sendTestNotification } from './send-test-notification.ts';
import { updateDeliveryPreferences } from './update-delivery-preferences.ts';

function ownerOf(request: FastifyRequest): DeviceOwner {
  return { userId: sessionUserOf(request).id, entityId: entityIdOf(request) };
}

export function registerDeviceRoutes(
  app: FastifyInstance,
  { db, requireSession, deliveryQueue }: RouteContext,
  { vapidPublicKey, pushServiceHosts }: { vapidPublicKey: string; pushServiceHosts: readonly string[] },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/v1/push/vapid-public-key', { onRequest: requireSession }, async () => ({ publicKey: vapidPublicKey }));

  routes.get('/v1/push-subscriptions', { onRequest: requireSession }, async (request) => ({
    data: await listDevices(db, ownerOf(request)),
  }));

  routes.post(
    '/v1/push-subscriptions',
    { schema: { body: CreatePushSubscriptionSchema }, onRequest: requireSession },
    async (request, reply) =>
      reply.status(201).send(await registerPushSubscription(db, ownerOf(request), request.body, pushServiceHosts)),
  );

  routes.delete(
    '/v1/push-subscriptions/:id',
    { schema: { params: IdParamsSchema }, onRequest: requireSession },
    async (request, reply) => {
      await deletePushSubscription(db, request.params.id, ownerOf(request));
      return reply.status(204).send();
    },
  );

  routes.post(
    '/v1/push-subscriptions/:id/test',
    { schema: { params: IdParamsSchema }, onRequest: requireSession },
    async (request, reply) =>
      reply.status(202).send(await sendTestNotification(db, deliveryQueue, request.params.id, ownerOf(request))),
  );

  routes.get('/v1/me/delivery-preferences', { onRequest: requireSession }, async (request) =>
    getDeliveryPreferences(db, sessionUserOf(request).id),
  );

  routes.put(
    '/v1/me/delivery-preferences',
    { schema: { body: DeliveryPreferencesSchema }, onRequest: requireSession },
    async (request) => updateDeliveryPreferences(db, sessionUserOf(request).id, request.body),
  );
}

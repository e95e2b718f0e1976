import type { onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client.ts';
import type { ApiKeyCipher } from '../features/api-keys/api-key-cipher.ts';
import type { DeliveryQueue } from '../jobs/delivery-queue.ts';

/** What every feature's routes receive from app.ts. */
export type RouteContext = {
  db: Database;
  cipher: ApiKeyCipher;
  // An onRequest hook: a request without a session is refused before its body is even parsed.
  requireSession: onRequestAsyncHookHandler;
  deliveryQueue: DeliveryQueue;
};

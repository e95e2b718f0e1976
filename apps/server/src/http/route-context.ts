import type { onRequestAsyncHookHandler } from 'fastify';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import type { ApiKeyCipher } from '../lib/api-key-cipher.ts';
import type { BillingConfig } from '../features/billing/billing-config.ts';
import type { DeliveryQueue } from '../jobs/delivery-queue.ts';
import type { Clock } from '../lib/clock.ts';

/** What every feature's routes receive from app.ts. */
export type RouteContext = {
  db: Database;
  /** The same connections as `db`, for statements that Drizzle cannot name (prepared once per connection). */
  pool: pg.Pool;
  cipher: ApiKeyCipher;
  // An onRequest hook: a request without a session is refused before its body is even parsed.
  requireSession: onRequestAsyncHookHandler;
  /** After requireSession on admin routes: members get 403 (decision 023). */
  requireAdmin: onRequestAsyncHookHandler;
  deliveryQueue: DeliveryQueue;
  clock: Clock;
  /** Stripe billing (decision 050); null when it is off (no STRIPE_SECRET_KEY): no Stripe call is ever made. */
  billing: BillingConfig | null;
};

import { bigserial, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

// Delivery-queue jobs written by our own SQL (the accept function, leadbell_queue_deliveries) in
// the transaction that decides them; the delivery worker moves them into pg-boss through its
// public `insert`, in one transaction with their delete (decision 034). `data` is the payload
// (DeliverNotificationPayloadSchema).
export const jobOutbox = pgTable('job_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  data: jsonb('data').notNull(),
  // When the job is due: now() for deliveries and alerts, later for escalation timers.
  startAfter: timestamp('start_after', { withTimezone: true }).notNull().defaultNow(),
});

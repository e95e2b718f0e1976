import { bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Delivery-queue jobs written by our own SQL (the accept function, the take, the quarantine) in
// the transaction that decides them; the delivery worker moves them into pg-boss through its
// public `insert`, in one transaction with their delete (decision 034). `data` is the payload
// of a kind in jobs/job-registry.ts.
export const jobOutbox = pgTable('job_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  data: jsonb('data').notNull(),
  // When the job is due: now() for intake jobs and alerts, later for a retry or a timer.
  startAfter: timestamp('start_after', { withTimezone: true }).notNull().defaultNow(),
});

// A job_outbox row the worker's take failed on alone, for what is in it (a data or constraint
// error), with the error (decision 062). Left in job_outbox it would fail every take after it and
// stop every lead behind it; here it waits for a fix and a replay (docs/operations.md).
export const jobOutboxSetAside = pgTable('job_outbox_set_aside', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  data: jsonb('data').notNull(),
  startAfter: timestamp('start_after', { withTimezone: true }).notNull(),
  error: text('error').notNull(),
  setAsideAt: timestamp('set_aside_at', { withTimezone: true }).notNull().defaultNow(),
});

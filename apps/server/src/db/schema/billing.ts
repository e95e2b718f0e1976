import { PLAN_IDS } from '@leadbell/shared/plans';
import { boolean, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';

/**
 * An entity's Stripe side (issue 28, decision 050): its one customer, created once, and the
 * subscription state last read from Stripe. Only webhooks write the subscription columns.
 */
export const billingAccounts = pgTable('billing_accounts', {
  entityId: uuid('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  // Stripe's subscription status (active, past_due, unpaid, canceled, ...), as last re-read.
  subscriptionStatus: text('subscription_status'),
  subscribedPlan: text('subscribed_plan', { enum: PLAN_IDS }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  // The unpaid invoice behind the console's banner; cleared when an invoice is paid.
  paymentFailedInvoiceId: text('payment_failed_invoice_id'),
  paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every Stripe event applied, by id: a redelivered event is acknowledged and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Invoices whose failed payment was mailed to the admins: once per invoice, whatever the retries. */
export const billingPaymentFailures = pgTable('billing_payment_failures', {
  invoiceId: text('invoice_id').primaryKey(),
  entityId: uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' }),
  mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Overage reported to Stripe's meter, as running counts per billing month: a row is written before
 * its meter event is sent and marked sent after, so a crash between the two resends the same
 * `identifier` (Stripe keeps one event per identifier) and never reports a unit twice.
 */
export const billingMeterReports = pgTable(
  'billing_meter_reports',
  {
    identifier: text('identifier').primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    fromCount: integer('from_count').notNull(),
    toCount: integer('to_count').notNull(),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [unique('billing_meter_reports_step').on(table.entityId, table.periodStart, table.fromCount)],
);

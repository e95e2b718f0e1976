import { PLAN_IDS } from '@leadbell/shared/plans';
import type { WeeklySchedule } from '@leadbell/shared/business-hours';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const entities = pgTable('entities', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  plan: text('plan', { enum: PLAN_IDS }),
  // Billing months run from the moment the first plan was chosen (spec section 9).
  planSelectedAt: timestamp('plan_selected_at', { withTimezone: true }),
  // A plan chosen after onboarding takes over when the next billing month starts.
  pendingPlan: text('pending_plan', { enum: PLAN_IDS }),
  pendingPlanFrom: timestamp('pending_plan_from', { withTimezone: true }),
  // ISO 3166 country whose phone numbers leads write without a country code (decision 024).
  defaultCountry: text('default_country'),
  // Decision 025: the zone business hours, quiet hours and digests are read in; hours null = always open.
  timeZone: text('time_zone').notNull().default('UTC'),
  businessHours: jsonb('business_hours').$type<WeeklySchedule>(),
  // Where the visitor's answer to an acknowledgement goes (issue 26); null: the owner's email.
  replyToEmail: text('reply_to_email'),
  // ISO 4217 code a won lead's value is in (issue 26); null: derived from the country, else USD.
  currency: text('currency'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

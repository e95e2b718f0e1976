import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_RING_STEP_MINUTES, RING_POLICIES } from '@leadbell/shared/flows';
import { entities } from './entities.ts';

export const flows = pgTable(
  'flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    // Kept on the flow, updated in the notification's transaction, so the flow list never
    // counts a flow's notifications (which may be 100,000s).
    notificationCount: integer('notification_count').notNull().default(0),
    lastNotificationAt: timestamp('last_notification_at', { withTimezone: true }),
    // A form on this flow asked to send visitors to a page that is not one of the owner's sites:
    // the lead was kept and the visitor saw our thank-you page; the console shows the problem.
    redirectProblem: text('redirect_problem'),
    redirectProblemAt: timestamp('redirect_problem_at', { withTimezone: true }),
    // Decision 025: unclaimed past this, the team's phones ring again, then everyone is emailed.
    responseTargetMinutes: integer('response_target_minutes').notNull().default(5),
    // Rings outside business hours too.
    isUrgent: boolean('is_urgent').notNull().default(false),
    // Whom a lead rings first (issue 50): everyone, or one member at a time in turn, the next after
    // ring_step_minutes while unclaimed (leadbell_ring_in_turn). ring_turns counts the flow's leads
    // rung in turn: lead n is first offered to the (n mod members)-th member rung, round robin.
    ringPolicy: text('ring_policy', { enum: RING_POLICIES }).notNull().default('everyone'),
    ringStepMinutes: integer('ring_step_minutes').notNull().default(DEFAULT_RING_STEP_MINUTES),
    ringTurns: integer('ring_turns').notNull().default(0),
    // Cloudflare Turnstile on the flow's forms (decision 039): the widget's site key, and its
    // secret sealed like API keys; both null when the flow asks for no CAPTCHA.
    turnstileSiteKey: text('turnstile_site_key'),
    turnstileSecret: text('turnstile_secret'),
    // The instant acknowledgement to the visitor (issue 26), off by default: the owner's subject and
    // body with the flow's placeholders, and an optional body for leads that arrive after hours.
    acknowledgementEnabled: boolean('acknowledgement_enabled').notNull().default(false),
    acknowledgementSubject: text('acknowledgement_subject'),
    acknowledgementBody: text('acknowledgement_body'),
    acknowledgementAfterHoursBody: text('acknowledgement_after_hours_body'),
    // The subject a reply from the lead card starts with, with the lead's {{placeholders}}; null:
    // "Your inquiry to <business>" (issue 49).
    replySubject: text('reply_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('flows_entity_id_created_at_idx').on(table.entityId, table.createdAt)],
);

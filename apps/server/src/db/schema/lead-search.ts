import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { notifications } from './notifications.ts';

/**
 * What the inbox's search box matches inside, per lead: its title, message and data, lower-cased
 * and without accents, and beside it the digits of every number in them with the punctuation
 * between its digits dropped (so a phone number matches however it is written), each under a
 * trigram index. Written by the delivery worker when it takes the lead in (decision 038), so the
 * indexes cost the worker, not the insert that answers the website.
 */
export const leadSearch = pgTable(
  'lead_search',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    searchText: text('search_text').notNull(),
    searchDigits: text('search_digits').notNull(),
  },
  (table) => [
    index('lead_search_text_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('lead_search_digits_idx').using('gin', sql`${table.searchDigits} gin_trgm_ops`),
  ],
);

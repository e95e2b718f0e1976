import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';
import { flows } from './flows.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Monotonic position: the pagination cursor and the live stream's event id.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    url: text('url'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Ascending on purpose: scanned backward it serves `order by seq desc` (NULLS FIRST), which a
    // DESC NULLS LAST index cannot.
    index('notifications_flow_id_seq_idx').on(table.flowId, table.seq),
    index('notifications_entity_id_seq_idx').on(table.entityId, table.seq),
  ],
);

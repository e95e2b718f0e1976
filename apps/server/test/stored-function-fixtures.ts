import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from './test-app.ts';

/**
 * A fresh migrated database for a test file that calls the stored functions directly
 * (db/functions/), with no app and so no worker taking what it writes; and the first day of this
 * month in UTC, the billing month its leads are counted in. Both are there once the file's
 * beforeAll has run; the pool is closed after its tests.
 */
export function storedFunctionsDatabase(): { db: pg.Pool; month: string } {
  const database = {} as { db: pg.Pool; month: string };
  beforeAll(async () => {
    database.db = new pg.Pool({ connectionString: (await createTestDatabase()).url, max: 3 });
    const { rows } = await database.db.query<{ start: Date }>(`select date_trunc('month', now(), 'UTC') as start`);
    database.month = rows[0]!.start.toISOString();
  });
  afterAll(async () => database.db?.end());
  return database;
}

export type Business = { entityId: string; apiKeyId: string; flowId: string; userId: string };

/** A business with a plan, an API key, a flow and one member (who has no device: email copies). */
export async function insertBusiness(db: pg.Pool, { plan = 'pro' } = {}): Promise<Business> {
  const { rows } = await db.query<Business>(
    `with entity as (
       insert into entities (name, plan, plan_selected_at) values ('Acme Homes', $1, now()) returning id
     ), api_key as (
       insert into api_keys (entity_id, key_hash, key_ciphertext, masked_key)
       select id, $2, 'unused', 'lb_…test' from entity returning id
     ), flow as (
       insert into flows (entity_id, name, title, message)
       select id, 'Contact form', 'New lead', 'Someone wrote' from entity returning id
     ), member as (
       insert into users (id, name, email, role, entity_id)
       select $3, 'Ann Owner', $3 || '@example.com', 'admin', id from entity returning id
     )
     select entity.id as "entityId", api_key.id as "apiKeyId", flow.id as "flowId", member.id as "userId"
       from entity, api_key, flow, member`,
    [plan, randomBytes(16).toString('hex'), `owner-${randomBytes(4).toString('hex')}`],
  );
  return rows[0]!;
}

/** Columns of notifications a test sets on a lead, by their SQL names. */
export type LeadColumns = Record<string, string | number | boolean | null | object>;

/**
 * A lead in notifications, as the take leaves it: open, arrived now, its timer started, unless
 * `columns` say otherwise (objects are written as JSON). Returns its id.
 */
export async function insertLead(db: pg.Pool, business: Business, columns: LeadColumns = {}): Promise<string> {
  const values: LeadColumns = {
    entity_id: business.entityId,
    flow_id: business.flowId,
    title: 'New lead',
    message: 'Someone wrote',
    response_started_at: new Date().toISOString(),
    response_target_seconds: 300,
    ...columns,
  };
  const names = Object.keys(values);
  const { rows } = await db.query<{ id: string }>(
    `insert into notifications (${names.join(', ')}) values (${names.map((_, index) => `$${index + 1}`).join(', ')})
     returning id`,
    names.map((name) => {
      const value = values[name]!;
      return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
    }),
  );
  return rows[0]!.id;
}

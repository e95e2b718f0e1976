import type pg from 'pg';
import { untilTakenIn } from './until.ts';

/**
 * Moves every accepted lead that no take has moved yet into notifications, as a console read of a
 * business's leads does (decision 064): for a test that reads notifications itself right after a
 * 202, whether or not a worker has taken the batch in yet.
 */
export async function takeInAcceptedLeads(db: pg.Pool | pg.Client): Promise<void> {
  await db.query('select leadbell_take_in_leads(array(select id from lead_intake), true)');
}

/**
 * Which of `ids` are stored: in notifications, or accepted and waiting for the worker's take in
 * lead_intake (decision 064). Both are durable; a crash test reads this right after a kill.
 */
export async function storedLeadIds(db: pg.Pool | pg.Client, ids: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'select id from notifications where id = any($1::uuid[]) union all select id from lead_intake where id = any($1::uuid[])',
    [ids],
  );
  return rows.map((row) => row.id);
}

/**
 * Whom a lead's own deliveries went to so far, once the worker has taken it in (members without a
 * device each get an email): the members a ring policy rang.
 */
export async function membersRungFor(db: pg.Pool, leadId: string): Promise<string[]> {
  await untilTakenIn(db);
  const { rows } = await db.query<{ user_id: string }>(
    `select distinct user_id from deliveries where notification_id = $1 and purpose = 'lead' order by user_id`,
    [leadId],
  );
  return rows.map((row) => row.user_id);
}

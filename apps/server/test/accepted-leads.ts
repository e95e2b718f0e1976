import type pg from 'pg';

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

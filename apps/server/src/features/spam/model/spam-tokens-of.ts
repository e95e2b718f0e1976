import type pg from 'pg';
import type { LabelledExample } from './labelled-set.ts';

/** Each example's features as the take reads them (leadbell_spam_tokens), in the examples' order, in one round trip. */
export async function spamTokensOf(pool: pg.Pool, examples: LabelledExample[]): Promise<string[][]> {
  const { rows } = await pool.query<{ tokens: string[] }>(
    `select leadbell_spam_tokens(lead.data) as tokens
       from unnest($1::jsonb[]) with ordinality as lead (data, position)
      order by lead.position`,
    [examples.map((example) => JSON.stringify(example.data))],
  );
  return rows.map((row) => row.tokens);
}

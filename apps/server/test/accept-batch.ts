import type pg from 'pg';

/**
 * The accept batcher's call (accept-batcher.ts, decision 088) in a transaction block a test holds:
 * the procedure commits the batch and then waits for the disk, which no transaction block can
 * hold, so this runs the batch's transaction as the procedure runs it (leadbell_accept_batch, with
 * the call's values) and answers as the call does.
 */
export function acceptBatchIn(client: pg.PoolClient, call: pg.QueryConfig): Promise<pg.QueryResult> {
  return client.query({
    text: 'select leadbell_accept_batch($1, $2, $3, $4, $5, $6) as p_outcomes',
    values: call.values,
  });
}

import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are UUIDs; anything else cannot name a row, so callers answer 404 without a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** `:id` path parameter; bounded so junk cannot reach a query. */
export const IdParamsSchema = z.object({ id: z.string().max(100) });

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isPushServiceAllowed } from './push-service-hosts.ts';

/**
 * The origins (`https://host[:port]`) of the push services this installation's devices use, of
 * those PUSH_SERVICE_HOSTS allows: a handful (each browser maker runs one), read once at a start.
 */
export async function pushServiceOriginsOf(db: Database, allowedHosts: readonly string[]): Promise<string[]> {
  const { rows } = await db.execute<{ origin: string | null }>(sql`
    select distinct substring(endpoint from '^https://[^/?#]+') as origin from push_subscriptions limit 100`);
  // As a URL names it (no default port), as undici names the connections it closes.
  const origins = rows.flatMap(({ origin }) =>
    origin && isPushServiceAllowed(origin, allowedHosts) ? [new URL(origin).origin] : [],
  );
  return [...new Set(origins)];
}

import type pg from 'pg';
import { cookieOf } from '../test/event-stream.ts';
import { createFlow, onboardedOwner } from '../test/owners.ts';
import type { PushServiceStub } from '../test/push-service-stub.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import type { LoadRequest } from './load-generator.ts';
import { registerDevices } from './push-latency.ts';

/**
 * The ingest load's requests: `entities` businesses on the Elite plan, each posting the same lead
 * to a flow of its own, and each owner's session cookie (for their console's live stream). With
 * `pushService`, each owner has one device there and turned email copies off; without, every lead
 * the worker delivers is an email copy.
 */
export async function ingestRequests(
  app: Pick<TestApp, 'baseUrl' | 'smtp'>,
  entities: number,
  { pushService }: { pushService?: PushServiceStub } = {},
): Promise<{ requests: LoadRequest[]; cookies: string[] }> {
  const requests: LoadRequest[] = [];
  const cookies: string[] = [];
  for (let index = 0; index < entities; index += 1) {
    const owner = await onboardedOwner(app, { plan: 'elite', entityName: `Bench ${index}` });
    if (pushService) await registerDevices(owner.client, pushService, 1);
    const flowId = await createFlow(owner.client);
    cookies.push(cookieOf(owner.client));
    requests.push({
      method: 'POST',
      path: '/v1/notify',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.apiKey}` },
      body: JSON.stringify({ flowId, data: { name: 'Ann Lee', phone: '+1 555 0100', question: 'Is it available?' } }),
    });
  }
  return { requests, cookies };
}

/**
 * A server for the ingest load, with its rate limits out of the way and its delivery worker on or
 * off, and the load's requests and owners' cookies (`ingestRequests`); with `pushService`,
 * trusted and allowed.
 */
export async function startIngestingApp(
  database: { adminUrl: string },
  { entities, worker, pushService }: { entities: number; worker: boolean; pushService?: PushServiceStub },
): Promise<{ app: TestApp; requests: LoadRequest[]; cookies: string[] }> {
  const app = await startTestApp(
    {
      NOTIFY_RATE_LIMIT: '1000000',
      NOTIFY_RATE_BURST: '1000000',
      DATABASE_POOL_SIZE: '10',
      DELIVERY_WORKER: String(worker),
      ...(pushService && { PUSH_SERVICE_HOSTS: pushService.host }),
    },
    database.adminUrl,
    { pushCa: pushService?.ca },
  );
  return { app, ...(await ingestRequests(app, entities, { pushService })) };
}

/** How many leads the database holds: taken in, or accepted and waiting for a take (decision 064). */
export async function countLeads(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query(
    'select (select count(*) from notifications) + (select count(*) from lead_intake) as count',
  );
  return Number(rows[0].count);
}

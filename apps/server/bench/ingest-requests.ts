import { createFlow, onboardedOwner } from '../test/owners.ts';
import type { TestApp } from '../test/test-app.ts';
import type { LoadRequest } from './load-generator.ts';

/** The ingest load's requests: `entities` businesses on the Elite plan, each posting the same lead to a flow of its own. */
export async function ingestRequests(app: TestApp, entities: number): Promise<LoadRequest[]> {
  const requests: LoadRequest[] = [];
  for (let index = 0; index < entities; index += 1) {
    const owner = await onboardedOwner(app, { plan: 'elite', entityName: `Bench ${index}` });
    const flowId = await createFlow(owner.client);
    requests.push({
      method: 'POST',
      path: '/v1/notify',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.apiKey}` },
      body: JSON.stringify({ flowId, data: { name: 'Ann Lee', phone: '+1 555 0100', question: 'Is it available?' } }),
    });
  }
  return requests;
}

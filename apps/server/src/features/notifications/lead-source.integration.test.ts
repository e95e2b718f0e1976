import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@leadbell/shared/leads';
import { cookieOf } from '../../../test/event-stream.ts';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { takeInAcceptedLeads } from '../../../test/accepted-leads.ts';

// Issue 26, point 6: where a lead came from, captured from JSON, a plain form or the Referer, its
// source derived while the request is read (decision 048), shown, filtered and exported.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

const SITE = 'https://www.acme-homes.example';

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

async function postJson(owner: Owner, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': owner.apiKey, ...headers },
    body: JSON.stringify(body),
  });
}

async function postForm(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function leadOf(owner: Owner, response: Response): Promise<Lead> {
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as { id: string };
  const lead = await owner.client.get(`/v1/leads/${id}`);
  expect(lead.status).toBe(200);
  return lead.body as Lead;
}

function cellsOf(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
    cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!,
  );
}

async function csvOf(owner: Owner, query: string) {
  const response = await fetch(`${app.baseUrl}/v1/leads/export.csv?${query}`, {
    headers: { cookie: cookieOf(owner.client) },
  });
  expect(response.status).toBe(200);
  const [header, ...lines] = (await response.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const columns = cellsOf(header!);
  return lines.map((line) => Object.fromEntries(cellsOf(line).map((cell, i) => [columns[i], cell])));
}

describe('lead sources › capture', () => {
  it('JSON: pageUrl, referrer and attribution are stored, the source derived and the lead shows them', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const lead = await leadOf(
      owner,
      await postJson(owner, {
        flowId,
        data: { name: 'Ann' },
        pageUrl: `${SITE}/contact`,
        referrer: 'https://www.google.com/',
        attribution: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring-sale', gclid: 'EAIaIQob' },
      }),
    );
    expect(lead).toMatchObject({
      pageUrl: `${SITE}/contact`,
      referrer: 'https://www.google.com/',
      campaign: 'spring-sale',
      trafficSource: 'google_ads',
      data: { name: 'Ann' },
    });
    const { rows } = await app.pool.query('select attribution, traffic_source from notifications where id = $1', [
      lead.id,
    ]);
    expect(rows[0]).toEqual({
      attribution: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring-sale', gclid: 'EAIaIQob' },
      traffic_source: 'google_ads',
    });
  });

  it('JSON without any of it: the Referer is the page, its campaign parameters count, and nothing else is direct', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const fromAd = await leadOf(
      owner,
      await postJson(
        owner,
        { flowId, data: { name: 'Bo' } },
        { referer: `${SITE}/offer?utm_source=newsletter&utm_medium=email&utm_campaign=october#form` },
      ),
    );
    expect(fromAd).toMatchObject({
      pageUrl: `${SITE}/offer?utm_source=newsletter&utm_medium=email&utm_campaign=october`,
      referrer: null,
      campaign: 'october',
      trafficSource: 'email',
    });
    const fromServer = await leadOf(owner, await postJson(owner, { flowId, data: { name: 'Cy' }, referrer: '' }));
    expect(fromServer).toMatchObject({ pageUrl: null, referrer: null, campaign: null, trafficSource: 'direct' });
  });

  it('a plain form: the hidden _pageUrl, _referrer and campaign fields are the source, never the visitor’s data', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const lead = await leadOf(
      owner,
      await postForm(
        {
          _apiKey: owner.apiKey,
          _flowId: flowId,
          name: 'Dee',
          _pageUrl: `${SITE}/contact`,
          _referrer: 'https://l.facebook.com/',
          _utm_source: 'facebook',
          _utm_medium: 'paid_social',
          _utm_campaign: 'autumn',
          _utm_term: '',
          _fbclid: 'IwAR0abc',
        },
        { referer: `${SITE}/contact` },
      ),
    );
    expect(lead).toMatchObject({
      data: { name: 'Dee' },
      pageUrl: `${SITE}/contact`,
      referrer: 'https://l.facebook.com/',
      campaign: 'autumn',
      trafficSource: 'paid_social',
    });
  });

  it('a form is never refused for its source fields: what is not an address is left out, a long value cut', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const lead = await leadOf(
      owner,
      await postForm(
        {
          _apiKey: owner.apiKey,
          _flowId: flowId,
          name: 'Eve',
          _pageUrl: 'javascript:alert(1)',
          _referrer: 'not an address',
          _utm_campaign: 'x'.repeat(800),
        },
        { referer: `${SITE}/quote` },
      ),
    );
    expect(lead).toMatchObject({
      data: { name: 'Eve' },
      pageUrl: `${SITE}/quote`,
      referrer: null,
      campaign: 'x'.repeat(500),
      trafficSource: 'direct',
    });
  });

  it('a script that sends the whole form as data: the snippet’s fields are lifted out of the data', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const lead = await leadOf(
      owner,
      await postJson(owner, {
        flowId,
        data: { name: 'Flo', _pageUrl: `${SITE}/`, _referrer: 'https://duckduckgo.com/', _utm_campaign: 'brand' },
      }),
    );
    expect(lead).toMatchObject({
      data: { name: 'Flo' },
      pageUrl: `${SITE}/`,
      referrer: 'https://duckduckgo.com/',
      campaign: 'brand',
      trafficSource: 'organic_search',
    });
  });

  it('bad capture fields answer 400 with a message per field, and store nothing', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const response = await postJson(owner, {
      flowId,
      pageUrl: 'ftp://files.example/contact',
      referrer: 42,
      attribution: { utm_source: 7, utm_campaign: 'y'.repeat(501), campaign_id: '1' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
    expect(body.error.code).toBe('validation_error');
    expect(body.error.details.fields).toMatchObject({
      pageUrl: ['Page URL must be a valid http:// or https:// address.'],
      referrer: ['Referrer must be a valid http:// or https:// address.'],
      'attribution.utm_source': ['Campaign parameters must be text.'],
      'attribution.utm_campaign': ['Campaign parameters must be 500 characters or less.'],
    });
    expect(Object.keys(body.error.details.fields)).toContain('attribution');
    const notAnObject = await postJson(owner, { flowId, attribution: 'utm_source=google' });
    expect(notAnObject.status).toBe(400);
    expect(((await notAnObject.json()) as typeof body).error.details.fields.attribution).toEqual([
      'Attribution must be an object of utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, fbclid.',
    ]);
    await takeInAcceptedLeads(app.pool);
    const { rows } = await app.pool.query('select count(*)::int as count from notifications where entity_id = $1', [
      owner.entityId,
    ]);
    expect(rows[0].count).toBe(0);
  });
});

describe('lead sources › the inbox', () => {
  it('the source filter and the CSV export: source, referrer and campaign columns', async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const otherFlowId = await createFlow(other.client);
    const ad = await leadOf(
      owner,
      await postJson(owner, { flowId, data: { name: 'Ann' }, pageUrl: `${SITE}/?gclid=abc&utm_campaign=spring` }),
    );
    const search = await leadOf(
      owner,
      await postJson(owner, { flowId, data: { name: 'Bo' }, pageUrl: `${SITE}/`, referrer: 'https://www.bing.com/' }),
    );
    await leadOf(owner, await postJson(owner, { flowId, data: { name: 'Cy' } }));
    await leadOf(other, await postJson(other, { flowId: otherFlowId, pageUrl: `${SITE}/?gclid=zzz` }));

    const ids = async (query: string) =>
      ((await owner.client.get(`/v1/leads?${query}`)).body.data as Lead[]).map((lead) => lead.id);
    expect(await ids('filter=all&source=google_ads')).toEqual([ad.id]);
    expect(await ids('filter=all&source=organic_search')).toEqual([search.id]);
    expect(await ids('filter=all&source=social')).toEqual([]);
    expect(await ids('filter=all')).toHaveLength(3);

    const bad = await owner.client.get('/v1/leads?source=billboard');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields.source).toEqual([
      'Source must be one of google_ads, paid_social, paid_other, organic_search, social, email, referral, direct.',
    ]);

    const rows = await csvOf(owner, 'filter=all&source=google_ads');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Source: 'google_ads',
      Referrer: '',
      Campaign: 'spring',
      Page: `${SITE}/?gclid=abc&utm_campaign=spring`,
    });
    const all = await csvOf(owner, 'filter=all');
    expect(all.map((row) => row.Source).sort()).toEqual(['direct', 'google_ads', 'organic_search']);
    expect(all.find((row) => row.Source === 'organic_search')!.Referrer).toBe('https://www.bing.com/');
  });
});

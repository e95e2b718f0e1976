import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, openEventStream } from '../../../test/event-stream.ts';
import { createHttpClient } from '../../../test/http-client.ts';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

type Admin = Awaited<ReturnType<typeof onboardedOwner>>;

async function team() {
  const admin = await onboardedOwner(app, { plan: 'pro' });
  const member = await joinedTeammate(app, admin, { name: 'Bo Member' });
  return { admin, member };
}

async function lead(admin: Admin, flowId: string, data: Record<string, string>) {
  return (await notify(app, admin.apiKey, { flowId, data })).id;
}

describe('leads › the inbox', () => {
  it('lists every flow’s leads newest first, with filters, a flow, search and pages', async () => {
    const { admin, member } = await team();
    const contact = await createFlow(admin.client, { name: 'Contact form' });
    const booking = await createFlow(admin.client, { name: 'Bookings', title: 'Booking: {{name}}' });
    const ann = await lead(admin, contact, { name: 'Ann Lee', email: 'ann@example.com', phone: '+44 7911 123456' });
    const bo = await lead(admin, booking, { name: 'Bo Diaz', question: 'Saturday 10:00?' });
    const cy = await lead(admin, contact, { name: 'Cy Young', question: '50% off?' });
    expect((await member.client.post(`/v1/leads/${ann}/claim`)).status).toBe(200);
    expect((await admin.client.post(`/v1/leads/${bo}/done`)).status).toBe(200);

    const ids = async (query: string, client = admin.client) =>
      ((await client.get(`/v1/leads${query}`)).body.data as Array<{ id: string }>).map((row) => row.id);
    expect(await ids('')).toEqual([cy, bo, ann]);
    expect(await ids('?filter=open')).toEqual([cy]);
    expect(await ids('?filter=done')).toEqual([bo]);
    expect(await ids('?filter=mine')).toEqual([]);
    expect(await ids('?filter=mine', member.client)).toEqual([ann]);
    expect(await ids(`?flowId=${booking}`)).toEqual([bo]);
    // A lead is searchable once the delivery worker took it in (lead_search, decision 038).
    await expect.poll(() => ids('?q=ANN@EXA')).toEqual([ann]);
    expect(await ids('?q=7911 123')).toEqual([ann]);
    await expect.poll(() => ids('?q=50%25')).toEqual([cy]);
    expect(await ids('?q=saturday&filter=done')).toEqual([bo]);

    // An open lead's response target (the flow's 5 minutes) is when the team is rung again; its
    // timer starts as it is accepted, within the millisecond of its stored time.
    const [open] = (await admin.client.get('/v1/leads?filter=open')).body.data;
    expect(Math.round((Date.parse(open.respondBy) - Date.parse(open.createdAt)) / 1000)).toBe(5 * 60);
    expect(open.ringsAt).toBeNull();

    const [first] = (await admin.client.get('/v1/leads?filter=all')).body.data;
    expect(first).toMatchObject({ id: cy, flowName: 'Contact form', status: 'open', claimedBy: null, isSeen: false });
    const claimed = (await admin.client.get('/v1/leads')).body.data.find((row: { id: string }) => row.id === ann);
    expect(claimed).toMatchObject({
      status: 'claimed',
      claimedBy: { name: 'Bo Member' },
      claimedAt: expect.any(String),
    });

    const page1 = await admin.client.get('/v1/leads?limit=2');
    expect(page1.body.data).toHaveLength(2);
    const page2 = await admin.client.get(`/v1/leads?limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body.data.map((row: { id: string }) => row.id)).toEqual([ann]);
    expect(page2.body.nextCursor).toBeNull();
  });

  it('bad filters answer 400 on the field; another entity sees none of it', async () => {
    const { admin } = await team();
    const other = await onboardedOwner(app);
    const flowId = await createFlow(admin.client);
    const id = await lead(admin, flowId, { name: 'Ann' });
    const bad = await admin.client.get(`/v1/leads?filter=urgent&flowId=nope&q=${'x'.repeat(101)}&limit=0`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fields).sort()).toEqual(['filter', 'flowId', 'limit', 'q']);
    expect((await other.client.get('/v1/leads')).body.data).toEqual([]);
    expect((await other.client.get(`/v1/leads?flowId=${flowId}`)).body.data).toEqual([]);
    for (const action of ['claim', 'release', 'done', 'seen'])
      expect((await other.client.post(`/v1/leads/${id}/${action}`)).status).toBe(404);
    expect((await other.client.get(`/v1/leads/${id}`)).status).toBe(404);
    expect((await other.client.get(`/v1/leads/${id}/events`)).status).toBe(404);
    expect((await admin.client.get('/v1/leads/not-a-uuid')).status).toBe(404);
    expect((await admin.client.get('/v1/leads/not-a-uuid/events')).status).toBe(404);
    const othersExport = await fetch(`${app.baseUrl}/v1/leads/export.csv?filter=all&flowId=${flowId}`, {
      headers: { cookie: cookieOf(other.client) },
    });
    // The header row alone.
    expect((await othersExport.text()).trim().split('\r\n')).toHaveLength(1);
  });
});

describe('leads › claims', () => {
  it('the first claim wins; the second gets 409 with who holds it, and every console hears within a second', async () => {
    const { admin, member } = await team();
    const flowId = await createFlow(admin.client);
    const id = await lead(admin, flowId, { name: 'Ann' });
    const stream = await openEventStream(app.baseUrl, cookieOf(admin.client));
    await stream.waitFor((events) => events.some((event) => event.event === 'ready'));

    const claims = await Promise.all([
      member.client.post(`/v1/leads/${id}/claim`),
      admin.client.post(`/v1/leads/${id}/claim`),
    ]);
    const statuses = claims.map((claim) => claim.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = claims.find((claim) => claim.status === 409)!;
    const winner = claims.find((claim) => claim.status === 200)!;
    expect(refused.body.error).toMatchObject({
      code: 'lead_taken',
      message: `${winner.body.claimedBy.name} is already on it.`,
      details: { lead: { id, status: 'claimed', claimedBy: winner.body.claimedBy, claimedAt: expect.any(String) } },
    });
    await stream.waitFor(
      (events) => events.some((event) => event.event === 'lead' && JSON.parse(event.data!).status === 'claimed'),
      1000,
    );
    await stream.close();
  });

  it('only the holder or an admin gives a lead back; Done closes it and Release reopens it', async () => {
    const { admin, member } = await team();
    const second = await joinedTeammate(app, admin, { name: 'Cy Member' });
    const flowId = await createFlow(admin.client);
    const id = await lead(admin, flowId, { name: 'Ann' });
    await member.client.post(`/v1/leads/${id}/claim`);
    const refused = await second.client.post(`/v1/leads/${id}/release`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only Bo Member or an admin can give this lead back.');
    expect((await admin.client.post(`/v1/leads/${id}/release`)).body).toMatchObject({
      status: 'open',
      claimedBy: null,
    });

    const done = await second.client.post(`/v1/leads/${id}/done`);
    expect(done.body).toMatchObject({
      status: 'done',
      doneBy: { name: 'Cy Member' },
      claimedBy: { name: 'Cy Member' },
    });
    expect((await member.client.post(`/v1/leads/${id}/claim`)).status).toBe(409);
    expect((await second.client.post(`/v1/leads/${id}/release`)).body.status).toBe('open');
  });
});

describe('leads › the card', () => {
  it('shows every field, its timeline and who has seen it; seen is kept once per member', async () => {
    const { admin, member } = await team();
    await admin.client.patch(`/v1/entities/${admin.entityId}`, { defaultCountry: 'gb' });
    const flowId = await createFlow(admin.client, { title: 'New lead: {{name}}', message: '{{name}} wrote' });
    const id = await lead(admin, flowId, { name: 'Ann', phone: '07911 123456', budget: '£250k', 'Move in': 'June' });
    expect((await member.client.post(`/v1/leads/${id}/seen`)).status).toBe(204);
    expect((await member.client.post(`/v1/leads/${id}/seen`)).status).toBe(204);
    await member.client.post(`/v1/leads/${id}/claim`);
    await member.client.post(`/v1/leads/${id}/done`);
    // Both members' email copies (neither has a device) are sent meanwhile; the timeline is compared once they are.
    await expect
      .poll(async () => {
        const { timeline } = (await admin.client.get(`/v1/leads/${id}/events`)).body;
        return timeline.filter((entry: { kind: string }) => entry.kind === 'emailed').length;
      })
      .toBe(2);

    const card = (await admin.client.get(`/v1/leads/${id}`)).body;
    expect(card).toMatchObject({
      id,
      data: { name: 'Ann', phone: '07911 123456', budget: '£250k', 'Move in': 'June' },
      status: 'done',
      isSeen: false,
      defaultCountry: 'GB',
      seenBy: [{ name: 'Bo Member', at: expect.any(String) }],
    });
    expect(card.timeline.map((entry: { kind: string }) => entry.kind)).toEqual(
      expect.arrayContaining(['received', 'seen', 'claimed', 'done']),
    );
    expect(card.timeline.filter((entry: { kind: string }) => entry.kind === 'seen')).toHaveLength(1);
    expect(card.timeline[0]).toMatchObject({ kind: 'received', at: card.createdAt });
    // The same timeline on its own, for API callers that only follow what happens.
    expect((await member.client.get(`/v1/leads/${id}/events`)).body).toEqual({
      timeline: card.timeline,
      seenBy: card.seenBy,
    });
    expect((await member.client.get('/v1/leads')).body.data[0].isSeen).toBe(true);
  });

  it('the business’s country is validated', async () => {
    const { admin, member } = await team();
    const bad = await admin.client.patch(`/v1/entities/${admin.entityId}`, { defaultCountry: 'XX' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields.defaultCountry).toEqual(['Choose a country.']);
    expect((await member.client.patch(`/v1/entities/${admin.entityId}`, { defaultCountry: 'US' })).status).toBe(403);
  });
});

describe('leads › export', () => {
  it('streams the filtered inbox as CSV with a BOM, every data field a column, formulas kept as text, times in the business’s zone', async () => {
    const { admin } = await team();
    await admin.client.patch(`/v1/entities/${admin.entityId}`, { timeZone: 'America/New_York' });
    const flowId = await createFlow(admin.client, { name: 'Contact form' });
    await lead(admin, flowId, { name: 'Ann', email: 'ann@example.com', phone: '+44 7911 123456' });
    const second = await lead(admin, flowId, {
      name: 'Bo, Jr.',
      note: '=HYPERLINK("http://evil.example")',
      city: 'Leeds',
    });
    await admin.client.post(`/v1/leads/${second}/done`);

    const response = await fetch(`${app.baseUrl}/v1/leads/export.csv?filter=all`, {
      headers: { cookie: cookieOf(admin.client) },
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leadbell-leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, newest, oldest] = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(header).toBe(
      'Received at,Flow,Title,Message,Status,Claimed by,Claimed at,Done at,Test,Page,Outcome,Outcome value,Lost reason,Outcome note,Source,Referrer,Campaign,name,email,phone,city,note',
    );
    // New York's clock with its offset (-05:00 in winter, -04:00 in summer): one exact instant.
    expect(newest).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-0[45]:00,Contact form,/);
    expect(newest).toContain(`"Bo, Jr.",,,Leeds,"'=HYPERLINK(""http://evil.example"")"`);
    expect(newest).toContain(',done,');
    // A phone number is written as typed, not behind an apostrophe.
    expect(oldest).toMatch(/,Ann,ann@example\.com,\+44 7911 123456,,$/);

    const openOnly = await fetch(`${app.baseUrl}/v1/leads/export.csv?filter=open`, {
      headers: { cookie: cookieOf(admin.client) },
    });
    expect((await openOnly.text()).trimEnd().split('\r\n')).toHaveLength(2);
    expect((await createHttpClient(app).get('/v1/leads')).status).toBe(401);
  });
});

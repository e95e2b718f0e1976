import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOTIFICATIONS_PER_MONTH } from '@leadbell/shared/billing';
import { createHttpClient } from '../../../test/http-client.ts';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { untilTakenIn } from '../../../test/until.ts';
import { takeInAcceptedLeads } from '../../../test/accepted-leads.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

const SITE_ORIGIN = 'https://www.acme-homes.example';

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

async function postForm(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE_ORIGIN,
      referer: `${SITE_ORIGIN}/contact#form`,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function postJson(owner: Owner, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': owner.apiKey, ...headers },
    body: JSON.stringify(body),
  });
}

/** A Starter business that used its month's 20 leads, and a flow: its next lead is held. */
async function starterAtItsLimit() {
  const owner = await onboardedOwner(app, { plan: 'starter' });
  const flowId = await createFlow(owner.client);
  await setMonthCount(owner, 'notification_count', 20);
  return { owner, flowId };
}

/** Sends a lead through JSON and returns its id. */
async function leadIdOf(owner: Owner, body: unknown): Promise<string> {
  return ((await (await postJson(owner, body)).json()) as { id: string }).id;
}

async function notificationsOf(owner: Owner, flowId: string) {
  return (await owner.client.get(`/v1/flows/${flowId}/notifications`)).body.Notifications as Array<
    Record<string, unknown>
  >;
}

/** Fills the billing month's count up to `count` without sending that many requests. */
async function setMonthCount(owner: Owner, column: 'notification_count' | 'held_count' | 'test_count', count: number) {
  const usage = await owner.client.get('/v1/usage');
  await app.pool.query(
    `insert into entity_usage (entity_id, period_start, ${column}) values ($1, $2, $3)
     on conflict (entity_id, period_start) do update set ${column} = excluded.${column}`,
    [owner.entityId, usage.body.periodStart, count],
  );
}

/** The subjects of the mails the sink received after its first `count`. */
function subjectsSince(count: number): string[] {
  return app.smtp.received.slice(count).map((mail) => mail.subject);
}

/** When a lead's response timer started: what its response time is measured from. */
async function responseStartOf(leadId: string): Promise<Date> {
  const { rows } = await app.pool.query('select response_started_at from notifications where id = $1', [leadId]);
  return rows[0].response_started_at;
}

describe('forms › a form mistake never loses a lead', () => {
  it('a Contact Form 7-shaped post becomes a notification with every field', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client, {
      title: 'New inquiry from {{your-name}}',
      message: '{{your-message}} ({{Your-Email}})',
    });
    const cf7 = {
      _wpcf7: '1024',
      _wpcf7_version: '5.9.8',
      _wpcf7_locale: 'en_GB',
      _wpcf7_unit_tag: 'wpcf7-f1024-p12-o1',
      _wpcf7_container_post: '12',
      'your-name': 'Ann Lee',
      'your-email': 'ann@example.com',
      'your-subject': 'Viewing',
      'your-message': 'Is Saturday possible?',
    };
    const response = await postForm({ _apiKey: owner.apiKey, _flowId: flowId, ...cf7 });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({
      status: 'accepted',
      unusedFields: [
        '_wpcf7',
        '_wpcf7_version',
        '_wpcf7_locale',
        '_wpcf7_unit_tag',
        '_wpcf7_container_post',
        'your-subject',
      ],
    });
    const [notification] = await notificationsOf(owner, flowId);
    expect(notification).toMatchObject({
      title: 'New inquiry from Ann Lee',
      message: 'Is Saturday possible? (ann@example.com)',
      data: cf7,
      source: 'form',
      pageUrl: `${SITE_ORIGIN}/contact`,
      shortenedFields: [],
    });
  });

  it('a visitor’s own message, title and url fields stay data and do not replace the templates', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client, { title: 'Lead: {{name}}', message: '{{name}} says: {{message}}' });
    const response = await postForm({
      _apiKey: owner.apiKey,
      _flowId: flowId,
      name: 'Bo',
      title: 'Dr',
      message: 'Please call me back',
      url: 'https://bo.example',
    });
    expect(response.status).toBe(202);
    const [notification] = await notificationsOf(owner, flowId);
    expect(notification).toMatchObject({
      title: 'Lead: Bo',
      message: 'Bo says: Please call me back',
      url: null,
      data: { name: 'Bo', title: 'Dr', message: 'Please call me back', url: 'https://bo.example' },
    });
  });

  it('an over-long field is cut and marked, not refused; JSON callers still get the 400', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const response = await postForm({ _apiKey: owner.apiKey, _flowId: flowId, name: 'Cy', essay: 'e'.repeat(3000) });
    expect(response.status).toBe(202);
    const [notification] = await notificationsOf(owner, flowId);
    expect((notification!.data as Record<string, string>).essay).toHaveLength(1000);
    expect(notification!.shortenedFields).toEqual(['essay']);

    const json = await postJson(owner, { flowId, data: { essay: 'e'.repeat(3000) } });
    expect(json.status).toBe(400);
  });
});

describe('forms › over Starter’s limit the lead is held, never shown as billing text', () => {
  it('the visitor is redirected as usual, the lead is held and the owner is emailed once; JSON is held too', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const flowId = await createFlow(owner.client);
    await setMonthCount(owner, 'notification_count', 20);
    const mailsBefore = app.smtp.count();

    const response = await postForm({
      _apiKey: owner.apiKey,
      _flowId: flowId,
      name: 'Held One',
      _redirect: `${SITE_ORIGIN}/thanks`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${SITE_ORIGIN}/thanks`);
    const page = await postForm({ _apiKey: owner.apiKey, _flowId: flowId, name: 'Held Two' }, { accept: 'text/html' });
    expect(page.status).toBe(202);
    const html = await page.text();
    expect(html).toContain('Your message has been sent.');
    expect(html).not.toMatch(/plan|quota|limit/i);

    expect(await notificationsOf(owner, flowId)).toMatchObject([
      { title: 'New lead: Held Two', isHeld: true, delivery: { pending: 0, delivered: 0 } },
      { title: 'New lead: Held One', isHeld: true, delivery: { pending: 0, delivered: 0 } },
    ]);
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({ count: 20, heldCount: 2 });
    const mail = await app.smtp.waitForMail(owner.email, { after: mailsBefore });
    expect(mail.subject).toBe('Acme Homes: a new lead is waiting');
    const fromCode = await postJson(owner, { flowId, data: { name: 'From code' } });
    expect(fromCode.status).toBe(202);
    expect(await fromCode.json()).toMatchObject({ status: 'held', held: true });
    // One email for the month, however many leads are held.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.smtp.received.slice(mailsBefore).filter((received) => received.to.includes(owner.email))).toHaveLength(
      1,
    );
  });

  it('choosing a larger plan delivers the held leads at once, and the plan starts at once', async () => {
    const { owner, flowId } = await starterAtItsLimit();
    expect((await postForm({ _apiKey: owner.apiKey, _flowId: flowId, name: 'Waiting' })).status).toBe(202);
    const mailsBefore = app.smtp.count();

    const chosen = await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'growth' });
    expect(chosen.body).toMatchObject({ plan: 'growth', pendingPlan: null });
    const [released] = await notificationsOf(owner, flowId);
    expect(released).toMatchObject({ isHeld: false });
    // The owner has no device: the released lead arrives as an email copy.
    await expect.poll(() => subjectsSince(mailsBefore)).toContain('New lead: Waiting');
  });

  it('a held lead marked spam stays in Spam when a larger plan is chosen: never counted, never rung', async () => {
    const { owner, flowId } = await starterAtItsLimit();
    const bot = await leadIdOf(owner, { flowId, data: { name: 'Bot' } });
    expect((await owner.client.post(`/v1/leads/${bot}/spam`, {})).status).toBe(200);
    expect((await postJson(owner, { flowId, data: { name: 'Customer' } })).status).toBe(202);
    const mailsBefore = app.smtp.count();

    expect((await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'growth' })).status).toBe(200);
    expect((await owner.client.get(`/v1/leads/${bot}`)).body).toMatchObject({ status: 'spam' });
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({ count: 21 });
    const subjects = () => subjectsSince(mailsBefore);
    await expect.poll(subjects).toContain('New lead: Customer');
    await untilTakenIn(app.pool);
    expect(subjects()).not.toContain('New lead: Bot');
  });

  it('a held lead marked spam and then not spam stays held, rings nobody when asked, and is counted once when a larger plan releases it', async () => {
    const { owner, flowId } = await starterAtItsLimit();
    const lead = await leadIdOf(owner, { flowId, data: { name: 'Real after all' } });
    expect((await owner.client.post(`/v1/leads/${lead}/spam`, {})).status).toBe(200);
    expect((await owner.client.post(`/v1/leads/${lead}/not-spam`, {})).status).toBe(200);
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({ count: 20, heldCount: 1 });
    // "Ring the team now" is not a way round the plan's limit: the console offers it for no held lead.
    expect((await owner.client.post(`/v1/leads/${lead}/ring`, {})).status).toBe(200);
    expect((await owner.client.get(`/v1/leads/${lead}`)).body).toMatchObject({ isHeld: true });
    const { rows } = await app.pool.query('select count(*)::int as queued from deliveries where notification_id = $1', [
      lead,
    ]);
    expect(rows[0].queued).toBe(0);

    expect((await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'growth' })).status).toBe(200);
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({ count: 21, heldCount: 0 });
    expect((await owner.client.get(`/v1/leads/${lead}`)).body).toMatchObject({ isHeld: false, status: 'open' });
  });

  it('a held lead that arrived while the business was closed is released and counted, and rings nobody', async () => {
    const { owner, flowId } = await starterAtItsLimit();
    const night = await leadIdOf(owner, { flowId, data: { name: 'Night' } });
    // As the arrival's business hours would have marked it: the morning summary lists it.
    await takeInAcceptedLeads(app.pool);
    await app.pool.query('update notifications set is_after_hours = true where id = $1', [night]);
    expect((await postJson(owner, { flowId, data: { name: 'Day' } })).status).toBe(202);
    const mailsBefore = app.smtp.count();

    expect((await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'growth' })).status).toBe(200);
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({ count: 22 });
    const subjects = () => subjectsSince(mailsBefore);
    await expect.poll(subjects).toContain('New lead: Day');
    await untilTakenIn(app.pool);
    expect(subjects()).not.toContain('New lead: Night');
    expect((await owner.client.get(`/v1/leads/${night}`)).body).toMatchObject({ isHeld: false });
  });

  it('a held lead someone claimed is released and counted, keeps its response time, and rings nobody', async () => {
    const { owner, flowId } = await starterAtItsLimit();
    const claimed = await leadIdOf(owner, { flowId, data: { name: 'On it' } });
    expect((await owner.client.post(`/v1/leads/${claimed}/claim`, {})).status).toBe(200);
    const startedBefore = await responseStartOf(claimed);
    expect((await postJson(owner, { flowId, data: { name: 'Waiting' } })).status).toBe(202);
    const mailsBefore = app.smtp.count();

    expect((await owner.client.put(`/v1/entities/${owner.entityId}/plan`, { plan: 'growth' })).status).toBe(200);
    expect((await owner.client.get('/v1/usage')).body).toMatchObject({ count: 22, heldCount: 0 });
    expect((await owner.client.get(`/v1/leads/${claimed}`)).body).toMatchObject({ isHeld: false, status: 'claimed' });
    expect(await responseStartOf(claimed)).toEqual(startedBefore);
    const subjects = () => subjectsSince(mailsBefore);
    await expect.poll(subjects).toContain('New lead: Waiting');
    await untilTakenIn(app.pool);
    expect(subjects()).not.toContain('New lead: On it');
  });

  it('however many leads are already held, the next is stored and held too: none is lost to a limit', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const flowId = await createFlow(owner.client);
    await setMonthCount(owner, 'notification_count', 20);
    await setMonthCount(owner, 'held_count', 500);
    const page = await postForm({ _apiKey: owner.apiKey, _flowId: flowId, name: 'Kept' }, { accept: 'text/html' });
    expect(page.status).toBe(202);
    expect(await page.text()).toContain('Your message has been sent.');
    expect(await notificationsOf(owner, flowId)).toMatchObject([{ title: 'New lead: Kept', isHeld: true }]);
  });
});

describe('usage alerts', () => {
  it('admins are emailed once at 80% and once at 100% of the month’s volume', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const flowId = await createFlow(owner.client);
    await setMonthCount(owner, 'notification_count', 15);
    const mailsBefore = app.smtp.count();
    const mailsTo = () => app.smtp.received.slice(mailsBefore).filter((mail) => mail.to.includes(owner.email));

    expect((await postJson(owner, { flowId, data: { name: 'Sixteenth' } })).status).toBe(202);
    await expect
      .poll(() => mailsTo().map((mail) => mail.subject))
      .toContain("Acme Homes: 80% of this month's notifications used");
    for (const name of ['17', '18', '19', '20'])
      expect((await postJson(owner, { flowId, data: { name } })).status).toBe(202);
    await expect
      .poll(() => mailsTo().map((mail) => mail.subject))
      .toContain("Acme Homes: this month's 20 notifications are used up");
    const alerts = mailsTo().filter((mail) => /notifications (used|are used up)/.test(mail.subject));
    expect(alerts).toHaveLength(2);
  });
});

describe('test notifications', () => {
  it('are stored, delivered and marked, but never counted against the plan', async () => {
    const owner = await onboardedOwner(app, { plan: 'starter' });
    const flowId = await createFlow(owner.client);
    const response = await postJson(owner, { flowId, test: true, data: { name: 'Sample lead' } });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ status: 'accepted', test: true });
    expect(await notificationsOf(owner, flowId)).toMatchObject([{ title: 'New lead: Sample lead', isTest: true }]);
    expect((await owner.client.get('/v1/usage')).body.count).toBe(0);
  });

  it(`past ${TEST_NOTIFICATIONS_PER_MONTH} a month answer 429 with Retry-After`, async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    await setMonthCount(owner, 'test_count', TEST_NOTIFICATIONS_PER_MONTH);
    const response = await postJson(owner, { flowId, test: true });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });

  it('a key limited to a site still sends tests from the console, but nothing else from there', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const [key] = (await owner.client.get('/v1/api-keys')).body.data;
    await owner.client.patch(`/v1/api-keys/${key.id}`, { allowedOrigins: [SITE_ORIGIN] });
    const fromConsole = { origin: app.baseUrl };
    expect((await postJson(owner, { flowId, test: true }, fromConsole)).status).toBe(202);
    expect((await postJson(owner, { flowId }, fromConsole)).status).toBe(403);
    expect((await postJson(owner, { flowId, test: true }, { origin: 'https://elsewhere.example' })).status).toBe(403);
  });
});

describe('placeholders and unused fields', () => {
  it('{{First Name}} fills from the field whatever its case, and the answer lists what no template used', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client, { title: 'Lead: {{First Name}}', message: 'Call {{ PHONE }} today' });
    const response = await postJson(owner, {
      flowId,
      data: { 'first name': 'Ann', phone: '+44 7700 900123', Email: 'ann@example.com' },
    });
    expect(await response.json()).toMatchObject({ unusedFields: ['Email'] });
    expect(await notificationsOf(owner, flowId)).toMatchObject([
      { title: 'Lead: Ann', message: 'Call +44 7700 900123 today' },
    ]);
  });

  it('the flow’s recent field names are listed for the editor; another entity’s flow answers 404', async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    expect((await owner.client.get(`/v1/flows/${flowId}/fields`)).body).toEqual({ sampleSize: 0, fields: [] });
    await postJson(owner, { flowId, data: { name: 'Ann', phone: '1' } });
    await postJson(owner, { flowId, data: { name: 'Bo' } });
    const fields = await owner.client.get(`/v1/flows/${flowId}/fields`);
    expect(fields.body.sampleSize).toBe(2);
    expect(fields.body.fields.map((field: { name: string }) => field.name).sort()).toEqual(['name', 'phone']);
    expect((await other.client.get(`/v1/flows/${flowId}/fields`)).status).toBe(404);
  });
});

describe('rate limit headers', () => {
  it('every answer to /v1/notify tells the limit, what is left and when it is whole again', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const first = await postJson(owner, { flowId });
    const second = await postJson(owner, { flowId });
    // The bucket refills at 1,000 a second between the two: what is left never passes the limit less one,
    // and it is whole again within the second it takes to refill one token.
    for (const answer of [first, second]) {
      expect(answer.headers.get('ratelimit-limit')).toBe('1000');
      expect(answer.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(Number(answer.headers.get('ratelimit-remaining'))).toBeLessThanOrEqual(999);
      expect(answer.headers.get('ratelimit-reset')).toMatch(/^[01]$/);
    }
    expect(first.headers.get('access-control-expose-headers')).toContain('ratelimit-remaining');
    const refused = await createHttpClient(app).post('/v1/notify', { flowId }, { 'x-api-key': 'lb_live_unknown' });
    expect(refused.status).toBe(401);
  });
});

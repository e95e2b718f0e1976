import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FIELDS } from '@leadbell/shared/notifications';
import { cookieOf, openEventStream } from '../../../test/event-stream.ts';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startPushServiceStub, type PushServiceStub } from '../../../test/push-service-stub.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { SPAM_SAMPLES } from './spam-samples.ts';
import { WORKER_VERDICT } from './spam-score.ts';
import { takeInAcceptedLeads } from '../../../test/accepted-leads.ts';

// Decision 039: a submission judged spam is stored as `spam` with its reasons, answered like any
// other, and rings, counts and escalates nowhere (the whole labelled set through every channel:
// spam-labelled-set.integration.test.ts).

let app: TestApp;
let stub: PushServiceStub;
beforeAll(async () => {
  stub = await startPushServiceStub();
  app = await startTestApp({ PUSH_SERVICE_HOSTS: stub.host }, undefined, { pushCa: stub.ca });
});
afterAll(async () => {
  await app?.close();
  await stub?.close();
});

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

/** An owner with one device (email copies on, as until a device confirms a push) and a flow. */
async function ownerWithDevice() {
  const owner = await onboardedOwner(app, { plan: 'starter' });
  const device = stub.createSubscription();
  expect((await owner.client.post('/v1/push-subscriptions', device.subscription)).status).toBe(201);
  const flowId = await createFlow(owner.client);
  return { owner, device, flowId };
}

function postJson(owner: Owner, flowId: string, data: Record<string, string>) {
  return fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ flowId, data }),
  });
}

/** A plain HTML form post, without the snippet's fill-time token. */
function postForm(owner: Owner, flowId: string, data: Record<string, string>) {
  return fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [FORM_FIELDS.apiKey]: owner.apiKey, [FORM_FIELDS.flowId]: flowId, ...data }),
  });
}

async function leadsOf(owner: Owner, filter: 'all' | 'spam') {
  const page = await owner.client.get(`/v1/leads?filter=${filter}`);
  expect(page.status).toBe(200);
  return page.body.data as Array<{ id: string; status: string; spamReasons: string[] | null; data: object }>;
}

/** Waits until the worker has taken every lead in (their deliveries or their absence are final). */
async function settled(ids: string[]) {
  await expect
    .poll(
      async () =>
        (await app.pool.query(`select count(*)::int as count from lead_search where notification_id = any($1)`, [ids]))
          .rows[0].count,
      { timeout: 10_000 },
    )
    .toBe(ids.length);
}

describe('spam › quarantined from the request alone', () => {
  it('the JSON API: a pitch from a disposable address answers 202 like any lead, and is quarantined', async () => {
    const { owner, device, flowId } = await ownerWithDevice();
    const pitch = SPAM_SAMPLES.find((sample) => sample.data.email === 'mark.seo@10minutemail.com')!;
    const response = await postJson(owner, flowId, pitch.data);
    expect(response.status).toBe(202);
    const answer = (await response.json()) as { id: string; status: string };
    expect(answer.status).toBe('accepted');
    await settled([answer.id]);

    const lead = await owner.client.get(`/v1/leads/${answer.id}`);
    expect(lead.status).toBe(200);
    expect(lead.body).toMatchObject({ status: 'spam', spamReasons: expect.arrayContaining(['disposable_email']) });
    // Not in the flow's history, the inbox's other views, or anyone's phone.
    const history = await owner.client.get(`/v1/flows/${flowId}/notifications`);
    expect(history.body.Notifications).toEqual([]);
    expect(await leadsOf(owner, 'all')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stub.messagesFor(device.id)).toEqual([]);
    // API callers ask for the quarantine by status too.
    const byStatus = await owner.client.get('/v1/leads?status=spam');
    expect(byStatus.body.data.map((listed: { id: string }) => listed.id)).toEqual([answer.id]);
    expect((await owner.client.get('/v1/leads?status=open')).body.data).toEqual([]);
    const badStatus = await owner.client.get('/v1/leads?status=junk');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.details.fields.status).toEqual(['Status must be open, claimed, done or spam.']);
    // Marking it done does not take it out of quarantine.
    expect((await owner.client.post(`/v1/leads/${answer.id}/done`)).body).toMatchObject({ status: 'spam' });
    // Another business cannot see it.
    const other = await onboardedOwner(app);
    expect((await other.client.get(`/v1/leads/${answer.id}`)).status).toBe(404);
  });

  it('a webhook submission is judged the same way', async () => {
    const { owner, flowId } = await ownerWithDevice();
    const hook = await owner.client.post(`/v1/flows/${flowId}/hook`);
    expect(hook.status).toBe(201);
    const crypto = SPAM_SAMPLES.find((sample) => sample.data.name === 'Crypto Desk')!;
    const response = await fetch(hook.body.url as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(crypto.data),
    });
    expect(response.status).toBe(202);
    // The worker's verdict (decision 073), not the request's: waited for, as the JSON test does.
    await settled([((await response.json()) as { id: string }).id]);
    const [lead] = await leadsOf(owner, 'spam');
    expect(lead).toMatchObject({ status: 'spam', spamReasons: expect.arrayContaining(['link_shortener', 'links']) });
  });

  it('an open console never hears of spam; the genuine lead after it arrives as usual', async () => {
    const { owner, flowId } = await ownerWithDevice();
    const stream = await openEventStream(app.baseUrl, cookieOf(owner.client));
    await stream.waitFor((events) => events.some((event) => event.event === 'ready'));
    const pitch = SPAM_SAMPLES.find((sample) => sample.data.name === 'Carlos')!;
    expect((await postJson(owner, flowId, pitch.data)).status).toBe(202);
    const genuine = await postJson(owner, flowId, { name: 'Ann', message: 'Is the flat still free this weekend?' });
    const { id } = (await genuine.json()) as { id: string };
    await stream.waitFor((events) => events.some((event) => event.event === 'notification'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const arrived = stream.events
      .filter((event) => event.event === 'notification')
      .map((event) => JSON.parse(event.data!).id);
    expect(arrived).toEqual([id]);
    await stream.close();
  });
});

describe('spam › the same message at several businesses (decision 039)', () => {
  async function sendTo(site: Awaited<ReturnType<typeof ownerWithDevice>>, data: Record<string, string>) {
    const response = await postJson(site.owner, site.flowId, data);
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    await settled([id]);
    return id;
  }

  it('a pitch is quarantined by its fingerprint from the second business on; only hashes are shared', async () => {
    const sites = [await ownerWithDevice(), await ownerWithDevice(), await ownerWithDevice()];
    // Plain words, nothing alone to tell, from another sender at each business: a campaign.
    const pitch = (index: number) => ({
      name: 'Dana',
      email: `dana${index}@growthco.example`,
      message: 'Hello, could you call me back this week about the quote for my kitchen? Thanks, Dana',
    });
    const ids: string[] = [];
    for (const [index, site] of sites.entries()) ids.push(await sendTo(site, pitch(index)));

    const [first, ...others] = await Promise.all(
      sites.map(async (site, index) => (await site.owner.client.get(`/v1/leads/${ids[index]}`)).body),
    );
    expect(first).toMatchObject({ status: 'open', spamReasons: null });
    expect((await stub.waitForMessages(sites[0]!.device.id, 1))[0]!.payload.notificationId).toBe(ids[0]);
    for (const lead of others)
      expect(lead).toMatchObject({ status: 'spam', spamReasons: expect.arrayContaining(['network_fingerprint']) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sites.slice(1).map((site) => stub.messagesFor(site.device.id))).toEqual([[], []]);
    // Counted at arrival, given back once judged.
    expect((await sites[1]!.owner.client.get('/v1/usage')).body.count).toBe(0);
    expect((await sites[0]!.owner.client.get('/v1/usage')).body.count).toBe(1);

    // What is shared between businesses is hashes only, and no business reaches another's lead.
    const { rows } = await app.pool.query('select row_to_json(f)::text as row from spam_fingerprints f');
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row).not.toMatch(/Dana|kitchen|growthco/i);
    expect((await sites[1]!.owner.client.get(`/v1/leads/${ids[0]}`)).status).toBe(404);
  });

  it('one person asking three businesses the same question under one name rings at each', async () => {
    const sites = [await ownerWithDevice(), await ownerWithDevice(), await ownerWithDevice()];
    const question = {
      name: 'Ann Lee',
      email: 'ann.lee@gmail.com',
      message: 'Is the flat on Elm Street still available to view this Saturday morning?',
    };
    const ids: string[] = [];
    for (const site of sites) ids.push(await sendTo(site, question));
    for (const [index, site] of sites.entries()) {
      expect((await site.owner.client.get(`/v1/leads/${ids[index]}`)).body).toMatchObject({ status: 'open' });
      expect((await stub.waitForMessages(site.device.id, 1))[0]!.payload.notificationId).toBe(ids[index]);
    }
  });
});

describe('spam › the business’s languages, learned from its genuine leads (issue 46)', () => {
  async function idOf(response: Response) {
    expect(response.status).toBe(202);
    return ((await response.json()) as { id: string }).id;
  }

  /** A site whose genuine leads, settled, taught it `language`. */
  async function siteSpeaking(question: string) {
    const site = await ownerWithDevice();
    const ids: string[] = [];
    for (let index = 0; index < WORKER_VERDICT.languagesLearnedFrom; index += 1)
      ids.push(await idOf(await postJson(site.owner, site.flowId, { name: `Customer ${index}`, question })));
    await settled(ids);
    await expect
      .poll(
        async () =>
          (
            await app.pool.query(
              'select coalesce(sum(leads), 0)::int as leads from entity_languages where entity_id = $1',
              [site.owner.entityId],
            )
          ).rows[0].leads,
      )
      .toBe(WORKER_VERDICT.languagesLearnedFrom);
    return site;
  }

  it('a message in a language the business never receives counts against it; where that language is usual it does not', async () => {
    const english = await siteSpeaking('Hi, could you come and look at the boiler this week? It makes a noise.');
    const russian = await siteSpeaking('Здравствуйте, можно записаться на стрижку в субботу утром? Спасибо.');
    // Two pitch phrases and a plain form without its token: short of the threshold on their own.
    // Worded apart at each business: the same words at both would be a campaign (the network signal).
    const pitch = (when: string) => ({
      name: 'Иван',
      question: `Здравствуйте! Предлагаем продвижение вашего сайта, первые места в поиске ${when}.`,
    });

    const atEnglish = await idOf(await postForm(english.owner, english.flowId, pitch('за месяц')));
    const atRussian = await idOf(await postForm(russian.owner, russian.flowId, pitch('за две недели')));
    await settled([atEnglish, atRussian]);

    expect((await english.owner.client.get(`/v1/leads/${atEnglish}`)).body).toMatchObject({
      status: 'spam',
      spamReasons: expect.arrayContaining(['new_language']),
    });
    // Russian is usual there: the same kind of message has every other reason, never that one
    // (that it alone tips a lead over is 32-spam-verdict.sql's direct test).
    const { rows } = await app.pool.query<{ codes: string[] }>(
      `select array(select r ->> 'code' from jsonb_array_elements(spam_reasons) r) as codes from notifications where id = $1`,
      [atRussian],
    );
    expect(rows[0]!.codes).toEqual(expect.arrayContaining(['spam_phrases', 'missing_token']));
    expect(rows[0]!.codes).not.toContain('new_language');
    expect((await app.pool.query('select from deliveries where notification_id = $1', [atEnglish])).rowCount).toBe(0);
  });

  it('“Not spam” teaches the business a language; “Spam” unlearns one', async () => {
    const site = await ownerWithDevice();
    const bonjour = await idOf(
      await postJson(site.owner, site.flowId, {
        name: 'Luc',
        question: 'Bonjour, pouvez-vous passer mardi pour le devis ?',
      }),
    );
    await settled([bonjour]);
    const learned = async () =>
      (
        await app.pool.query<{ language: string; leads: number }>(
          'select language, leads from entity_languages where entity_id = $1 order by language',
          [site.owner.entityId],
        )
      ).rows;
    await expect.poll(learned).toEqual([{ language: 'fr', leads: 1 }]);
    expect((await site.owner.client.post(`/v1/leads/${bonjour}/spam`, {})).status).toBe(200);
    expect(await learned()).toEqual([{ language: 'fr', leads: 0 }]);
    expect((await site.owner.client.post(`/v1/leads/${bonjour}/not-spam`, {})).status).toBe(200);
    expect(await learned()).toEqual([{ language: 'fr', leads: 1 }]);
  });
});

describe('spam › learning from every mark (issue 46)', () => {
  async function idOf(response: Response) {
    expect(response.status).toBe(202);
    return ((await response.json()) as { id: string }).id;
  }

  async function statusOf(site: Awaited<ReturnType<typeof ownerWithDevice>>, id: string) {
    await settled([id]);
    const lead = await site.owner.client.get(`/v1/leads/${id}`);
    expect(lead.status).toBe(200);
    return lead.body as { status: string; spamReasons: string[] | null };
  }

  /** A business with genuine leads of its own: its marks count across the network. */
  async function establishedSite() {
    const site = await ownerWithDevice();
    const ids: string[] = [];
    for (let index = 0; index < WORKER_VERDICT.languagesLearnedFrom; index += 1)
      ids.push(
        await idOf(
          await postJson(site.owner, site.flowId, {
            name: `Customer ${index}`,
            question: 'Hello, could you tell me when you are open on Saturday?',
          }),
        ),
      );
    await settled(ids);
    return site;
  }

  it('a message three businesses marked “Spam” is quarantined at the fourth; one business alone never decides for another', async () => {
    const marking = [await establishedSite(), await establishedSite(), await establishedSite()];
    const [fourth, fifth] = [await ownerWithDevice(), await ownerWithDevice()];
    // Plain words from one sender: nothing but the marks tells it apart.
    const pitch = {
      name: 'Jordan',
      email: 'jordan.k@gmail.com',
      question: 'Hi, I left a message last week about the partnership, please call me back when you can.',
    };
    const first = await idOf(await postJson(marking[0]!.owner, marking[0]!.flowId, pitch));
    expect((await statusOf(marking[0]!, first)).status).toBe('open');
    expect((await marking[0]!.owner.client.post(`/v1/leads/${first}/spam`)).status).toBe(200);

    const afterOne = await idOf(await postJson(fifth.owner, fifth.flowId, pitch));
    expect((await statusOf(fifth, afterOne)).status).toBe('open');

    for (const site of marking.slice(1)) {
      const id = await idOf(await postJson(site.owner, site.flowId, pitch));
      expect((await statusOf(site, id)).status).toBe('open');
      expect((await site.owner.client.post(`/v1/leads/${id}/spam`)).status).toBe(200);
    }
    const atFourth = await idOf(await postJson(fourth.owner, fourth.flowId, pitch));
    expect(await statusOf(fourth, atFourth)).toMatchObject({ status: 'spam', spamReasons: ['network_marked'] });
    expect((await app.pool.query('select from deliveries where notification_id = $1', [atFourth])).rowCount).toBe(0);
  });

  it('“Not spam” teaches the business’s own model: its next lead of that kind rings there, and still not elsewhere', async () => {
    const [roaster, other] = [await ownerWithDevice(), await ownerWithDevice()];
    const offer = (name: string, email: string) => ({
      name,
      email,
      question:
        'Dear Sir/Madam, we are manufacturer of coffee machines and grinders with factory price. Free samples, please reply for the catalogue and price list.',
    });
    const first = await idOf(
      await postJson(roaster.owner, roaster.flowId, offer('Li Wei', 'li.wei@beanmachines.example')),
    );
    expect(await statusOf(roaster, first)).toMatchObject({
      status: 'spam',
      spamReasons: expect.arrayContaining(['content_model']),
    });
    // This business buys from such suppliers.
    expect((await roaster.owner.client.post(`/v1/leads/${first}/not-spam`)).status).toBe(200);

    const next = await idOf(
      await postJson(roaster.owner, roaster.flowId, offer('Chen Jie', 'chen.jie@grindpro.example')),
    );
    expect((await statusOf(roaster, next)).status).toBe('open');
    const elsewhere = await idOf(
      await postJson(other.owner, other.flowId, offer('Chen Jie', 'chen.jie@grindpro.example')),
    );
    expect((await statusOf(other, elsewhere)).status).toBe('spam');
  });
});

describe('spam › the team’s word (decision 039)', () => {
  it('“Spam” quarantines a lead and its sender’s next one; “Not spam” brings one back, counted, and “ring” sends it', async () => {
    const site = await ownerWithDevice();
    const { owner, flowId, device } = site;
    const first = await postJson(owner, flowId, {
      name: 'Rob',
      email: 'rob@example.net',
      message: 'Do you do weekend repairs?',
    });
    const { id } = (await first.json()) as { id: string };
    await settled([id]);
    await stub.waitForMessages(device.id, 1);
    expect((await owner.client.get('/v1/usage')).body.count).toBe(1);

    const marked = await owner.client.post(`/v1/leads/${id}/spam`);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ status: 'spam', claimedBy: null });
    expect((await owner.client.get(`/v1/leads/${id}`)).body.spamReasons).toEqual(['marked_by_team']);
    expect((await owner.client.get('/v1/usage')).body.count).toBe(0);
    const escalations = await app.pool.query('select from lead_escalations where notification_id = $1', [id]);
    expect(escalations.rowCount).toBe(0);

    // The same sender again, with a different message: quarantined by the team's word.
    const again = await postJson(owner, flowId, {
      name: 'Rob',
      email: 'rob@example.net',
      message: 'Hello? Anyone there today?',
    });
    const { id: againId } = (await again.json()) as { id: string };
    await settled([againId]);
    expect((await owner.client.get(`/v1/leads/${againId}`)).body).toMatchObject({
      status: 'spam',
      spamReasons: expect.arrayContaining(['marked_before']),
    });

    // "Not spam": open, counted, escalating, and the sender trusted; it rings only when asked.
    const back = await owner.client.post(`/v1/leads/${againId}/not-spam`);
    expect(back.body).toMatchObject({ status: 'open' });
    expect((await owner.client.get('/v1/usage')).body.count).toBe(1);
    const timers = await app.pool.query('select stage from lead_escalations where notification_id = $1', [againId]);
    expect(timers.rows).toEqual([{ stage: 1 }]);
    expect(stub.messagesFor(device.id)).toHaveLength(1);
    expect((await owner.client.post(`/v1/leads/${againId}/ring`)).body).toMatchObject({ status: 'open' });
    const [, rung] = await stub.waitForMessages(device.id, 2);
    expect(rung!.payload.notificationId).toBe(againId);
    // Ringing twice sends nothing more.
    await owner.client.post(`/v1/leads/${againId}/ring`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stub.messagesFor(device.id)).toHaveLength(2);

    const trusted = await postJson(owner, flowId, {
      name: 'Rob',
      email: 'rob@example.net',
      message: 'Thanks, see you Saturday!',
    });
    const { id: trustedId } = (await trusted.json()) as { id: string };
    await settled([trustedId]);
    expect((await owner.client.get(`/v1/leads/${trustedId}`)).body.status).toBe('open');
  });

  it('“Spam” stops what still waits to ring about the lead: a push waiting for its retry is never sent', async () => {
    const { owner, device, flowId } = await ownerWithDevice();
    stub.script(device.id, { status: 429, headers: { 'retry-after': '3' } });
    const response = await postJson(owner, flowId, { name: 'Ann', message: 'Can you quote a fence repair?' });
    const { id } = (await response.json()) as { id: string };
    await stub.waitForMessages(device.id, 1);
    const pushOf = async () =>
      (
        await app.pool.query<{ status: string; attempts: number; due_at: Date; last_error: string | null }>(
          `select status, attempts, due_at, last_error from deliveries where notification_id = $1 and channel = 'push'`,
          [id],
        )
      ).rows[0]!;
    await expect.poll(async () => (await pushOf()).attempts).toBe(1);
    const { status, due_at: retryDue } = await pushOf();
    expect(status).toBe('pending');

    expect((await owner.client.post(`/v1/leads/${id}/spam`)).status).toBe(200);
    expect(await pushOf()).toMatchObject({ status: 'failed', attempts: 1, last_error: 'marked as spam' });
    // Past the retry's time, nothing more reached the device.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, retryDue.getTime() - Date.now()) + 1500));
    expect(stub.messagesFor(device.id)).toHaveLength(1);
  });

  it('a push in flight when the team says “Spam”, refused by the push service, is not tried again', async () => {
    const { owner, device, flowId } = await ownerWithDevice();
    let answer!: () => void;
    // The push service holds its answer (429, retry in a second) until the team's click is in.
    stub.script(device.id, {
      status: 429,
      headers: { 'retry-after': '1' },
      after: new Promise<void>((resolve) => (answer = resolve)),
    });
    const response = await postJson(owner, flowId, { name: 'Ben', message: 'Do you fit wooden floors?' });
    const { id } = (await response.json()) as { id: string };
    await stub.waitForMessages(device.id, 1);
    expect((await owner.client.post(`/v1/leads/${id}/spam`)).status).toBe(200);
    answer();
    const pushOf = async () =>
      (
        await app.pool.query<{ status: string; attempts: number; last_error: string | null }>(
          `select status, attempts, last_error from deliveries where notification_id = $1 and channel = 'push'`,
          [id],
        )
      ).rows[0]!;
    await expect.poll(async () => (await pushOf()).status, { timeout: 10_000 }).toBe('failed');
    expect(await pushOf()).toMatchObject({ attempts: 2, last_error: 'Not sent: the lead was marked spam' });
    expect(stub.messagesFor(device.id)).toHaveLength(1);
    // Not a device failing: no email copy stands in for it.
    const standIns = await app.pool.query(
      `select from deliveries where notification_id = $1 and channel = 'email' and fallback_reason = 'push_failed'`,
      [id],
    );
    expect(standIns.rowCount).toBe(0);
  });

  it('a lead marked “Spam” before anything was tried for it still rings once brought back and rung', async () => {
    const { owner, device, flowId } = await ownerWithDevice();
    const pitch = SPAM_SAMPLES.find((sample) => sample.data.email === 'mark.seo@10minutemail.com')!;
    const { id } = (await (await postJson(owner, flowId, pitch.data)).json()) as { id: string };
    await settled([id]);
    expect((await owner.client.post(`/v1/leads/${id}/not-spam`)).body).toMatchObject({ status: 'open' });
    // Its push queued behind a backlog, not tried yet, when the team says "Spam" again.
    await app.pool.query(
      `insert into deliveries (notification_id, entity_id, channel, subscription_id, user_id, due_at)
       select n.id, n.entity_id, 'push', s.id, s.user_id, now() + interval '1 hour'
         from notifications n join push_subscriptions s on s.entity_id = n.entity_id where n.id = $1`,
      [id],
    );
    expect((await owner.client.post(`/v1/leads/${id}/spam`)).status).toBe(200);
    expect((await app.pool.query('select from deliveries where notification_id = $1', [id])).rowCount).toBe(0);

    expect((await owner.client.post(`/v1/leads/${id}/not-spam`)).body).toMatchObject({ status: 'open' });
    expect((await owner.client.post(`/v1/leads/${id}/ring`)).status).toBe(200);
    const [rung] = await stub.waitForMessages(device.id, 1);
    expect(rung!.payload.notificationId).toBe(id);
  });

  it('a take that read a lead open before the team’s “Spam” waits for their click and queues nothing for it', async () => {
    const { owner, flowId } = await ownerWithDevice();
    // A lead that never rang: quarantined, then brought back (it rings only when asked).
    const pitch = SPAM_SAMPLES.find((sample) => sample.data.email === 'mark.seo@10minutemail.com')!;
    const { id } = (await (await postJson(owner, flowId, pitch.data)).json()) as { id: string };
    await settled([id]);
    expect((await owner.client.post(`/v1/leads/${id}/not-spam`)).body).toMatchObject({ status: 'open' });

    // The team's "Spam" under way (mark-spam.ts: the lead's row lock, then its status) while the
    // take queues the lead's deliveries, as a take whose verdict read it open before the click does.
    const click = await app.pool.connect();
    try {
      await click.query('begin');
      await click.query('select from notifications where id = $1 for update', [id]);
      await click.query(`update notifications set lead_status = 'spam' where id = $1`, [id]);
      const queued = app.pool.query<{ queued: number }>(
        `select count(*)::int as queued from leadbell_queue_deliveries(array[$1]::uuid[], '{}', null)`,
        [id],
      );
      await expect
        .poll(
          async () =>
            (
              await app.pool.query(
                `select from pg_stat_activity where wait_event_type = 'Lock' and query like '%leadbell_queue_deliveries%'`,
              )
            ).rowCount,
        )
        .toBe(1);
      await click.query('commit');
      expect((await queued).rows[0]!.queued).toBe(0);
    } finally {
      click.release();
    }
    expect((await app.pool.query('select from deliveries where notification_id = $1', [id])).rowCount).toBe(0);
  });

  it('another business’s lead answers 404 to every mark, and a bad id 404 too', async () => {
    const { owner, flowId } = await ownerWithDevice();
    const { id } = (await (await postJson(owner, flowId, { name: 'Zed' })).json()) as { id: string };
    const other = await onboardedOwner(app);
    for (const action of ['spam', 'not-spam', 'ring']) {
      expect((await other.client.post(`/v1/leads/${id}/${action}`)).status).toBe(404);
      expect((await owner.client.post(`/v1/leads/not-a-lead/${action}`)).status).toBe(404);
    }
    expect((await owner.client.get(`/v1/leads/${id}`)).body.status).toBe('open');
  });
});

describe('spam › kept 30 days (decision 039), its signals a day', () => {
  let scheduled: TestApp;
  beforeAll(async () => {
    scheduled = await startTestApp({ SCHEDULER_INTERVAL_SECONDS: '1' });
  });
  afterAll(async () => {
    await scheduled?.close();
  });

  it('the scheduler deletes quarantined leads past 30 days, and nothing else', async () => {
    const owner = await onboardedOwner(scheduled);
    const flowId = await createFlow(owner.client);
    const send = async (data: Record<string, string>) => {
      const response = await fetch(`${scheduled.baseUrl}/v1/notify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ flowId, data }),
      });
      return ((await response.json()) as { id: string }).id;
    };
    const pitch = SPAM_SAMPLES.find((sample) => sample.data.name === 'Carlos')!.data;
    const [expired, recent, genuine] = [await send(pitch), await send(pitch), await send({ name: 'Ann' })];
    const age = (id: string, days: number) =>
      scheduled.pool.query(`update notifications set created_at = now() - make_interval(days => $2) where id = $1`, [
        id,
        days,
      ]);
    await takeInAcceptedLeads(scheduled.pool);
    await age(expired, 31);
    await age(recent, 29);
    await age(genuine, 31);

    await expect
      .poll(async () => (await owner.client.get(`/v1/leads/${expired}`)).status, { timeout: 10_000 })
      .toBe(404);
    expect((await owner.client.get(`/v1/leads/${recent}`)).body.status).toBe('spam');
    expect((await owner.client.get(`/v1/leads/${genuine}`)).body.status).toBe('open');
  });

  it('the scheduler, not the take, deletes the fingerprints and token nonces past a day', async () => {
    const { entityId } = await onboardedOwner(scheduled);
    await scheduled.pool.query(
      `insert into spam_fingerprints (fingerprint, entity_id, sender, seen_at)
       values ('spent', $1, 'a', now() - interval '25 hours'), ('fresh', $1, 'a', now() - interval '23 hours')`,
      [entityId],
    );
    await scheduled.pool.query(
      `insert into fill_token_uses (entity_id, nonce, used_at)
       values ($1, 'spent', now() - interval '25 hours'), ($1, 'fresh', now() - interval '23 hours')`,
      [entityId],
    );
    const kept = async () =>
      (
        await scheduled.pool.query<{ kept: string }>(
          `select 'fingerprint ' || fingerprint as kept from spam_fingerprints where entity_id = $1
           union all select 'nonce ' || nonce from fill_token_uses where entity_id = $1 order by 1`,
          [entityId],
        )
      ).rows.map((row) => row.kept);
    await expect.poll(kept, { timeout: 10_000 }).toEqual(['fingerprint fresh', 'nonce fresh']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, openEventStream } from '../../../test/event-stream.ts';
import { createFlow, joinedTeammate, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 26, points 4 and 5: team notes on a lead (live, searchable) and what became of it (won,
// lost, no answer), which is never a response.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

type Admin = Awaited<ReturnType<typeof onboardedOwner>>;

async function team() {
  const admin = await onboardedOwner(app, { plan: 'pro' });
  const member = await joinedTeammate(app, admin, { name: 'Bo Member' });
  return { admin, member, flowId: await createFlow(admin.client) };
}

async function lead(admin: Admin, flowId: string, data: Record<string, string> = { name: 'Ann' }) {
  return (await notify(app, admin.apiKey, { flowId, data })).id;
}

const found = async (client: Admin['client'], query: string) =>
  ((await client.get(`/v1/leads?${query}`)).body.data as Array<{ id: string }>).map((row) => row.id);

/** One CSV line's cells (RFC 4180 quotes; the export never breaks a line inside these tests' cells). */
function cellsOf(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
    cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!,
  );
}

/** The export as one record per lead, by column name. */
async function csvOf(client: Admin['client'], query: string) {
  const response = await fetch(`${app.baseUrl}/v1/leads/export.csv?${query}`, {
    headers: { cookie: cookieOf(client) },
  });
  const [header, ...lines] = (await response.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const columns = cellsOf(header!);
  return { columns, rows: lines.map((line) => Object.fromEntries(cellsOf(line).map((cell, i) => [columns[i], cell]))) };
}

describe('leads › notes', () => {
  it('a member adds a note: in the timeline with who, when and its text, and every open console hears of it', async () => {
    const { admin, member, flowId } = await team();
    const id = await lead(admin, flowId);
    const stream = await openEventStream(app.baseUrl, cookieOf(admin.client));
    await stream.waitFor((events) => events.some((event) => event.event === 'ready'));

    const added = await member.client.post(`/v1/leads/${id}/notes`, {
      text: '  Called, no answer.\nTry again Monday.  ',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      kind: 'note',
      person: { userId: member.userId, name: 'Bo Member' },
      text: 'Called, no answer.\nTry again Monday.',
      detail: null,
    });
    await stream.waitFor(
      (events) => events.some((event) => event.event === 'lead' && JSON.parse(event.data!).id === id),
      1000,
    );
    await stream.close();

    const { body } = await admin.client.get(`/v1/leads/${id}`);
    const note = body.timeline.find((entry: { kind: string }) => entry.kind === 'note');
    expect(note).toMatchObject({
      kind: 'note',
      person: { userId: member.userId, name: 'Bo Member' },
      text: 'Called, no answer.\nTry again Monday.',
    });
    expect(Math.abs(Date.parse(note.at) - Date.parse(added.body.at))).toBeLessThan(5000);
    // Taking a note is not a response: nobody is on the lead because of it.
    expect(body).toMatchObject({ status: 'open', claimedBy: null });
  });

  it('refuses an empty note or one over 2,000 characters with a field message', async () => {
    const { admin, flowId } = await team();
    const id = await lead(admin, flowId);
    for (const body of [{ text: '   ' }, {}, { text: 'x'.repeat(2001) }, { text: 42 }]) {
      const response = await admin.client.post(`/v1/leads/${id}/notes`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
      expect(response.body.error.details.fields.text).toHaveLength(1);
    }
    expect((await admin.client.post(`/v1/leads/${id}/notes`, { text: 'x'.repeat(2000) })).status).toBe(201);
  });

  it('another entity’s lead, a deleted lead and a bad id answer 404, and nothing is kept', async () => {
    const { admin, flowId } = await team();
    const other = await onboardedOwner(app, { plan: 'pro', entityName: 'Other Homes' });
    const id = await lead(admin, flowId);
    expect((await other.client.post(`/v1/leads/${id}/notes`, { text: 'Mine now' })).status).toBe(404);
    expect((await admin.client.post('/v1/leads/not-a-uuid/notes', { text: 'Hi' })).status).toBe(404);
    expect((await admin.client.post(`/v1/leads/${id}/delete`)).status).toBe(200);
    expect((await admin.client.post(`/v1/leads/${id}/notes`, { text: 'Too late' })).status).toBe(404);
    const { rows } = await app.pool.query(
      "select count(*)::int as n from lead_events where kind = 'note' and notification_id = $1",
      [id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('a note is found by the inbox search, folded like the lead (accents, case, phone digits), at its entity only', async () => {
    const { admin, member, flowId } = await team();
    const other = await onboardedOwner(app, { plan: 'pro', entityName: 'Other Homes' });
    const id = await lead(admin, flowId, { name: 'Ann', question: 'A quote for the roof' });
    const otherId = await lead(other, await createFlow(other.client));
    await expect.poll(() => found(admin.client, 'q=roof')).toEqual([id]);
    await expect.poll(() => found(other.client, 'q=ann')).toEqual([otherId]);

    await member.client.post(`/v1/leads/${id}/notes`, { text: 'Spoke to Zoë: her mobile is 07700 900 456' });
    await admin.client.post(`/v1/leads/${id}/notes`, { text: 'Sends the drawings by Friday' });
    expect(await found(admin.client, 'q=ZOE')).toEqual([id]);
    expect(await found(admin.client, 'q=drawings')).toEqual([id]);
    expect(await found(admin.client, `q=${encodeURIComponent('+44 7700 900456')}`)).toEqual([id]);
    // The lead's own words are still found beside the notes.
    expect(await found(admin.client, 'q=roof')).toEqual([id]);
    expect(await found(other.client, 'q=drawings')).toEqual([]);
  });

  it('a note on a lead the worker has not indexed yet keeps the lead’s own text searchable too', async () => {
    const { admin, flowId } = await team();
    const id = await lead(admin, flowId, { name: 'Quentin', question: 'Gutter cleaning' });
    await expect.poll(() => found(admin.client, 'q=quentin')).toEqual([id]);
    // As if the worker had not taken the lead in yet.
    await app.pool.query('delete from lead_search where notification_id = $1', [id]);
    expect(await found(admin.client, 'q=quentin')).toEqual([]);

    await admin.client.post(`/v1/leads/${id}/notes`, { text: 'Wants it done before winter' });
    expect(await found(admin.client, 'q=winter')).toEqual([id]);
    expect(await found(admin.client, 'q=quentin')).toEqual([id]);
    expect(await found(admin.client, 'q=gutter')).toEqual([id]);
  });
});

describe('leads › outcomes', () => {
  it('a member marks a lead won with a value: on the lead, in the timeline, and never a response', async () => {
    const { admin, member, flowId } = await team();
    const id = await lead(admin, flowId);

    const won = await member.client.put(`/v1/leads/${id}/outcome`, { outcome: 'won', value: 1200, note: 'Signed' });
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({
      outcome: 'won',
      value: 1200,
      reason: null,
      note: 'Signed',
      setBy: { userId: member.userId, name: 'Bo Member' },
    });

    const { body } = await admin.client.get(`/v1/leads/${id}`);
    expect(body.outcome).toEqual(won.body);
    expect(body.currency).toBe('USD');
    // Not a response: still open, nobody on it, no first claim for speed-to-lead.
    expect(body).toMatchObject({ status: 'open', claimedBy: null, claimedAt: null });
    const { rows } = await app.pool.query(
      'select first_claimed_at, first_claimed_by from notifications where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ first_claimed_at: null, first_claimed_by: null });
    expect(body.timeline.find((entry: { kind: string }) => entry.kind === 'outcome')).toMatchObject({
      person: { userId: member.userId },
      detail: 'Won · $1,200',
      text: 'Signed',
    });
    const listed = (await admin.client.get('/v1/leads')).body.data.find((row: { id: string }) => row.id === id);
    expect(listed.outcome).toMatchObject({ outcome: 'won', value: 1200 });
  });

  it('won with done closes the lead in the same step: done by the person, out of Open and Mine, a claim for speed-to-lead', async () => {
    const { admin, member, flowId } = await team();
    const id = await lead(admin, flowId);
    await member.client.post(`/v1/leads/${id}/claim`);
    const won = await member.client.put(`/v1/leads/${id}/outcome`, { outcome: 'won', value: 850, done: true });
    expect(won).toMatchObject({ status: 200, body: { outcome: 'won', value: 850 } });

    const { body } = await member.client.get(`/v1/leads/${id}`);
    expect(body).toMatchObject({ status: 'done', doneBy: { userId: member.userId }, outcome: { outcome: 'won' } });
    expect(body.timeline.map((entry: { kind: string }) => entry.kind)).toEqual(
      expect.arrayContaining(['outcome', 'done']),
    );
    const ids = async (filter: string) =>
      ((await member.client.get(`/v1/leads?filter=${filter}`)).body.data as Array<{ id: string }>).map((row) => row.id);
    expect(await ids('mine')).not.toContain(id);
    expect(await ids('open')).not.toContain(id);
    expect(await ids('done')).toContain(id);

    // From open too: the person who closed it answered it.
    const adminId = (await admin.client.get('/v1/me')).body.user.id as string;
    const other = await lead(admin, flowId);
    await admin.client.put(`/v1/leads/${other}/outcome`, { outcome: 'lost', reason: 'price', done: true });
    expect((await admin.client.get(`/v1/leads/${other}`)).body).toMatchObject({
      status: 'done',
      claimedBy: { userId: adminId },
    });
    const { rows } = await app.pool.query('select first_claimed_by from notifications where id = $1', [other]);
    expect(rows[0].first_claimed_by).toBe(adminId);
  });

  it('an outcome does not move an earlier first claim either', async () => {
    const { admin, member, flowId } = await team();
    const id = await lead(admin, flowId);
    await member.client.post(`/v1/leads/${id}/claim`);
    const before = await app.pool.query('select first_claimed_at, first_claimed_by from notifications where id = $1', [
      id,
    ]);
    await admin.client.put(`/v1/leads/${id}/outcome`, { outcome: 'lost', reason: 'price' });
    const after = await app.pool.query('select first_claimed_at, first_claimed_by from notifications where id = $1', [
      id,
    ]);
    expect(after.rows[0]).toEqual(before.rows[0]);
    const { body } = await admin.client.get(`/v1/leads/${id}`);
    expect(body).toMatchObject({ status: 'claimed', claimedBy: { userId: member.userId } });
  });

  it('editing replaces it and drops what no longer applies; clearing it is kept in the timeline', async () => {
    const { admin, flowId } = await team();
    const id = await lead(admin, flowId);
    await admin.client.put(`/v1/leads/${id}/outcome`, { outcome: 'won', value: 99.5 });
    const lost = await admin.client.put(`/v1/leads/${id}/outcome`, { outcome: 'lost', reason: 'competitor' });
    expect(lost.body).toMatchObject({ outcome: 'lost', value: null, reason: 'competitor', note: null });
    const { rows } = await app.pool.query(
      'select outcome, outcome_value, outcome_reason from notifications where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ outcome: 'lost', outcome_value: null, outcome_reason: 'competitor' });

    expect((await admin.client.delete(`/v1/leads/${id}/outcome`)).status).toBe(204);
    // Clearing again is answered the same, and adds nothing.
    expect((await admin.client.delete(`/v1/leads/${id}/outcome`)).status).toBe(204);
    const { body } = await admin.client.get(`/v1/leads/${id}`);
    expect(body.outcome).toBeNull();
    expect(
      body.timeline
        .filter((entry: { kind: string }) => entry.kind === 'outcome')
        .map((entry: { detail: string }) => entry.detail),
    ).toEqual(['Won · $99.50', 'Lost: went with a competitor', 'cleared']);
  });

  it('refuses what does not fit with a field message', async () => {
    const { admin, flowId } = await team();
    const id = await lead(admin, flowId);
    const cases: Array<[unknown, string]> = [
      [{}, 'outcome'],
      [{ outcome: 'maybe' }, 'outcome'],
      [{ outcome: 'won', value: -1 }, 'value'],
      [{ outcome: 'won', value: 10.555 }, 'value'],
      [{ outcome: 'won', value: 1e12 }, 'value'],
      [{ outcome: 'won', value: '100' }, 'value'],
      [{ outcome: 'lost', value: 100 }, 'value'],
      [{ outcome: 'lost', reason: 'weather' }, 'reason'],
      [{ outcome: 'won', reason: 'price' }, 'reason'],
      [{ outcome: 'no_answer', note: 'x'.repeat(501) }, 'note'],
      [{ outcome: 'won', done: 'yes' }, 'done'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.client.put(`/v1/leads/${id}/outcome`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
      expect(Object.keys(response.body.error.details.fields), JSON.stringify(body)).toEqual([field]);
    }
    expect(
      (await admin.client.put(`/v1/leads/${id}/outcome`, { outcome: 'won', value: 999_999_999_999.99 })).status,
    ).toBe(200);
  });

  it('another entity’s lead and a deleted lead answer 404; a spam lead 409', async () => {
    const { admin, flowId } = await team();
    const other = await onboardedOwner(app, { plan: 'pro', entityName: 'Other Homes' });
    const id = await lead(admin, flowId);
    expect((await other.client.put(`/v1/leads/${id}/outcome`, { outcome: 'won' })).status).toBe(404);
    expect((await other.client.delete(`/v1/leads/${id}/outcome`)).status).toBe(404);
    expect((await admin.client.put('/v1/leads/not-a-uuid/outcome', { outcome: 'won' })).status).toBe(404);

    const spam = await lead(admin, flowId, { name: 'Spammy' });
    expect((await admin.client.post(`/v1/leads/${spam}/spam`)).status).toBe(200);
    const refused = await admin.client.put(`/v1/leads/${spam}/outcome`, { outcome: 'lost' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'lead_is_spam',
      message: 'This lead is spam: mark it as not spam before recording an outcome.',
    });

    expect((await admin.client.post(`/v1/leads/${id}/delete`)).status).toBe(200);
    expect((await admin.client.put(`/v1/leads/${id}/outcome`, { outcome: 'won' })).status).toBe(404);
    expect((await admin.client.delete(`/v1/leads/${id}/outcome`)).status).toBe(404);
    const { rows } = await app.pool.query('select outcome from notifications where id = any($1)', [[id, spam]]);
    expect(rows.map((row) => row.outcome)).toEqual([null, null]);
  });

  it('the inbox and its CSV filter by outcome, and the CSV carries the outcome columns', async () => {
    const { admin, flowId } = await team();
    const won = await lead(admin, flowId, { name: 'Wendy' });
    const lost = await lead(admin, flowId, { name: 'Luke' });
    const silent = await lead(admin, flowId, { name: 'Nina' });
    const open = await lead(admin, flowId, { name: 'Olly' });
    await admin.client.put(`/v1/leads/${won}/outcome`, { outcome: 'won', value: 1200.5, note: 'Paid, "in full"' });
    await admin.client.put(`/v1/leads/${lost}/outcome`, { outcome: 'lost', reason: 'price', note: 'Too dear' });
    await admin.client.put(`/v1/leads/${silent}/outcome`, { outcome: 'no_answer' });

    expect(await found(admin.client, 'outcome=won')).toEqual([won]);
    expect(await found(admin.client, 'outcome=lost')).toEqual([lost]);
    expect(await found(admin.client, 'outcome=no_answer')).toEqual([silent]);
    expect(await found(admin.client, 'outcome=none')).toEqual([open]);
    const bad = await admin.client.get('/v1/leads?outcome=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields.outcome).toEqual(['Outcome must be won, lost, no_answer or none.']);

    const { columns, rows } = await csvOf(admin.client, 'filter=all');
    expect(columns).toEqual(expect.arrayContaining(['Outcome', 'Outcome value', 'Lost reason', 'Outcome note']));
    const outcomeColumns = ({ name, ...row }: Record<string, string | undefined>) => ({
      name,
      outcome: row['Outcome'],
      value: row['Outcome value'],
      reason: row['Lost reason'],
      note: row['Outcome note'],
    });
    expect(rows.map(outcomeColumns)).toEqual([
      { name: 'Olly', outcome: '', value: '', reason: '', note: '' },
      { name: 'Nina', outcome: 'no_answer', value: '', reason: '', note: '' },
      { name: 'Luke', outcome: 'lost', value: '', reason: 'price', note: 'Too dear' },
      { name: 'Wendy', outcome: 'won', value: '1200.50', reason: '', note: 'Paid, "in full"' },
    ]);
    const wonOnly = await csvOf(admin.client, 'filter=all&outcome=won');
    expect(wonOnly.rows.map((row) => row.name)).toEqual(['Wendy']);
  });
});

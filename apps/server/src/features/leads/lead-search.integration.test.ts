import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { searchMatchOf } from './list-leads.ts';

// Issue 25: the inbox's search folds accents on both sides and matches a phone number by its
// digits, however it was written and with or without its international or trunk prefix.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' });
});
afterAll(async () => app?.close());

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

async function lead(owner: Owner, flowId: string, data: Record<string, string>) {
  return (await notify(app, owner.apiKey, { flowId, data })).id;
}

const found = async (owner: Owner, q: string) =>
  ((await owner.client.get(`/v1/leads?q=${encodeURIComponent(q)}`)).body.data as Array<{ id: string }>).map(
    (row) => row.id,
  );

/** The plan of lead_search's part of a search, with sequential scans ruled out: is an index usable? */
async function planOf(q: string): Promise<string> {
  const { sql, params } = new PgDialect().sqlToQuery(searchMatchOf(q));
  const connection = await app.pool.connect();
  try {
    await connection.query('begin');
    await connection.query('set local enable_seqscan = off');
    const { rows } = await connection.query(`explain (format json) select from lead_search s where ${sql}`, params);
    return JSON.stringify(rows[0]);
  } finally {
    await connection.query('rollback');
    connection.release();
  }
}

describe('leads › search', () => {
  it('finds a lead without its accents and by its phone number written any way, at its own entity only', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const other = await onboardedOwner(app, { plan: 'pro', entityName: 'Other Homes' });
    const flowId = await createFlow(owner.client);
    const emilie = await lead(owner, flowId, {
      name: 'Émilie Durand',
      phone: '07700 900123',
      question: 'Is the flat still free?',
    });
    const zoe = await lead(owner, flowId, {
      name: 'Zoë',
      phone: '+44 (0)20 7946-0018',
      question: 'Can I view it on Monday?',
    });
    // Another entity's lead with Émilie's phone number: never in this entity's results.
    const stranger = await lead(other, await createFlow(other.client), {
      name: 'Sam Other',
      phone: '07700 900123',
      question: 'Do you take pets?',
    });

    // A lead is searchable once the delivery worker took it in (lead_search, decision 038).
    await expect.poll(() => found(owner, 'emilie')).toEqual([emilie]);
    await expect.poll(() => found(owner, 'zoe')).toEqual([zoe]);
    await expect.poll(() => found(other, 'sam')).toEqual([stranger]);
    for (const [q, id] of [
      ['EMILIE', emilie],
      ['Émilie', emilie],
      ['07700900123', emilie],
      ['07700-900-123', emilie],
      ['+447700900123', emilie],
      ['020 7946 0018', zoe],
      ['2079460018', zoe],
    ] as const)
      expect(await found(owner, q), q).toEqual([id]);
    expect(await found(other, '+44 7700 900123')).toEqual([stranger]);
    expect(await found(other, 'emilie')).toEqual([]);
    expect(await found(owner, '07700 900124')).toEqual([]);
  });

  it('a text search and a phone-number search are each served by a trigram index', async () => {
    expect(await planOf('emilie')).toContain('lead_search_text_idx');
    expect(await planOf('07700-900-123')).toContain('lead_search_digits_idx');
  });
});

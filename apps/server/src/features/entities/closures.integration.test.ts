import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CLOSURES, WEEKDAY_OFFICE_HOURS } from '@leadbell/shared/business-hours';
import { createFlow, notify, onboardedOwner } from '../../../test/owners.ts';
import { createTestClock, type TestClock } from '../../../test/test-clock.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { takeInAcceptedLeads } from '../../../test/accepted-leads.ts';

let app: TestApp;
let clock: TestClock;

beforeAll(async () => {
  clock = createTestClock(new Date());
  app = await startTestApp({ NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000' }, undefined, { clock });
});
afterAll(async () => app?.close());

const CHRISTMAS = { from: '2026-12-25', to: '2026-12-28', label: 'Christmas' };

async function timerOf(notificationId: string) {
  await takeInAcceptedLeads(app.pool);
  const { rows } = await app.pool.query('select is_after_hours, response_started_at from notifications where id = $1', [
    notificationId,
  ]);
  return rows[0] as { is_after_hours: boolean; response_started_at: Date };
}

describe('business hours › closures (decision 044)', () => {
  it('a lead on a closure day is after hours and its timer starts at the first opening after the closure', async () => {
    const admin = await onboardedOwner(app);
    const saved = await admin.client.patch(`/v1/entities/${admin.entityId}`, {
      timeZone: 'Europe/London',
      businessHours: { ...WEEKDAY_OFFICE_HOURS, closures: [CHRISTMAS] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.businessHours.closures).toEqual([CHRISTMAS]);
    const flowId = await createFlow(admin.client);

    // Friday 25 December 2026, 10:00 in London: a weekday's hours, but closed for Christmas
    // until Monday 28 included, so the timer waits for Tuesday 09:00 (GMT).
    clock.set(new Date('2026-12-25T10:00:00Z'));
    const lead = await notify(app, admin.apiKey, { flowId, data: { name: 'Noel' } });
    expect(await timerOf(lead.id)).toEqual({
      is_after_hours: true,
      response_started_at: new Date('2026-12-29T09:00:00Z'),
    });
    expect((await admin.client.get(`/v1/leads/${lead.id}`)).body).toMatchObject({
      ringsAt: '2026-12-29T09:00:00.000Z',
      respondBy: '2026-12-29T09:05:00.000Z',
    });

    // Tuesday 29 December, 10:00: open again, the lead rings at once.
    clock.set(new Date('2026-12-29T10:00:00Z'));
    const after = await notify(app, admin.apiKey, { flowId, data: { name: 'Ivy' } });
    expect(await timerOf(after.id)).toEqual({
      is_after_hours: false,
      response_started_at: new Date('2026-12-29T10:00:00Z'),
    });
    clock.set(new Date());
  });

  it('hours stored before closures existed still read, as having none', async () => {
    const admin = await onboardedOwner(app);
    await app.pool.query(`update entities set time_zone = 'Europe/London', business_hours = $2 where id = $1`, [
      admin.entityId,
      JSON.stringify(WEEKDAY_OFFICE_HOURS),
    ]);
    const entity = await admin.client.get(`/v1/entities/${admin.entityId}`);
    expect(entity.status).toBe(200);
    expect(entity.body.businessHours).toEqual(WEEKDAY_OFFICE_HOURS);

    const flowId = await createFlow(admin.client);
    clock.set(new Date('2026-12-25T10:00:00Z'));
    const lead = await notify(app, admin.apiKey, { flowId, data: { name: 'Old' } });
    expect(await timerOf(lead.id)).toEqual({
      is_after_hours: false,
      response_started_at: new Date('2026-12-25T10:00:00Z'),
    });
    clock.set(new Date());
  });

  it.each([
    [
      'a range that ends before it starts',
      [{ from: '2026-12-26', to: '2026-12-25' }],
      'businessHours.closures.0.to',
      'The last day must be on or after the first.',
    ],
    [
      'a date that does not exist',
      [{ from: '2026-02-30' }],
      'businessHours.closures.0.from',
      'Use a real date, like 2026-12-25.',
    ],
    [
      `more than ${MAX_CLOSURES} closures`,
      Array.from({ length: MAX_CLOSURES + 1 }, (_, day) => ({
        from: new Date(Date.UTC(2027, 0, 1 + day)).toISOString().slice(0, 10),
      })),
      'businessHours.closures',
      `At most ${MAX_CLOSURES} closures: remove past ones to add more.`,
    ],
  ])(
    'PATCH with %s answers 400 with the field’s message and changes nothing',
    async (_label, closures, field, message) => {
      const admin = await onboardedOwner(app);
      const response = await admin.client.patch(`/v1/entities/${admin.entityId}`, {
        businessHours: { ...WEEKDAY_OFFICE_HOURS, closures },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
      expect(response.body.error.message).toBe(message);
      expect(response.body.error.details.fields[field]).toEqual([message]);
      expect((await admin.client.get(`/v1/entities/${admin.entityId}`)).body.businessHours).toBeNull();
    },
  );
});

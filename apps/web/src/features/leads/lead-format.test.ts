import type { LeadState, LeadTimelineEntry } from '@leadbell/shared/leads';
import { describe, expect, it } from 'vitest';
import {
  conflictMessage,
  deliveryLines,
  firstLine,
  formatAge,
  formatOverdue,
  formatReceivedAt,
  formatRingsAt,
  holderText,
  isOverdue,
  overdueFirst,
  timelineText,
  undeliveredText,
} from './lead-format.ts';

const ANN = { userId: 'u-ann', name: 'Ann Lee' };
const BO = { userId: 'u-bo', name: 'Bo Member' };
const AT = '2026-11-23T10:42:00.000Z';

function state(change: Partial<LeadState>): LeadState {
  return { id: 'l1', status: 'open', claimedBy: null, claimedAt: null, doneBy: null, doneAt: null, ...change };
}

describe('lead format', () => {
  it('leads › a row previews the first line with text', () => {
    expect(firstLine('\n  \n  Hello there \nsecond')).toBe('Hello there');
    expect(firstLine('')).toBe('');
  });

  it('leads › the age reads "just now", minutes, hours, days, then the date', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(formatAge('2026-11-23T11:59:30Z', now)).toBe('just now');
    expect(formatAge('2026-11-23T11:57:00Z', now)).toBe('3 min ago');
    expect(formatAge('2026-11-23T09:00:00Z', now)).toBe('3 hr ago');
    expect(formatAge('2026-11-22T09:00:00Z', now)).toBe('yesterday');
    expect(formatAge('2026-11-19T09:00:00Z', now)).toBe('4 days ago');
    expect(formatAge('2026-10-01T09:00:00Z', now, 'en-GB')).toBe('1 Oct 2026');
    expect(formatAge('not a date', now)).toBe('—');
  });

  it('leads › the received time follows the locale’s order of day and month and names the zone', () => {
    expect(formatReceivedAt(AT, 'en-US', 'America/New_York')).toMatch(/^Mon, Nov 23, 2026, 5:42\sAM EST$/);
    expect(formatReceivedAt(AT, 'en-GB', 'Europe/London')).toMatch(/^Mon,? 23 Nov 2026,? 10:42 GMT$/);
  });

  it('leads › who holds it, from the viewer’s side', () => {
    expect(holderText(state({}), ANN.userId)).toBe('Open');
    expect(holderText(state({ status: 'claimed', claimedBy: ANN }), ANN.userId)).toBe('You’re on it');
    expect(holderText(state({ status: 'claimed', claimedBy: ANN }), BO.userId)).toBe('Ann Lee is on it');
    expect(holderText(state({ status: 'done', doneBy: ANN }), BO.userId)).toBe('Done by Ann Lee');
    expect(holderText(state({ status: 'done', doneBy: ANN }), ANN.userId)).toBe('Done by you');
  });

  it('leads › a lost claim names the holder and since when', () => {
    expect(
      conflictMessage(state({ status: 'claimed', claimedBy: ANN, claimedAt: AT }), BO.userId, 'en-GB', 'UTC'),
    ).toBe('Ann Lee is on it since 10:42');
    expect(conflictMessage(state({ status: 'done', doneBy: ANN, doneAt: AT }), BO.userId, 'en-GB', 'UTC')).toBe(
      'Ann Lee marked it done at 10:42.',
    );
  });

  it('leads › the timeline and the delivery list say who, where and how far each delivery got', () => {
    const timeline: LeadTimelineEntry[] = [
      { kind: 'received', at: AT, person: null, detail: 'https://acme.example/contact' },
      { kind: 'delivered', at: AT, person: ANN, detail: 'iPhone' },
      { kind: 'confirmed', at: AT, person: ANN, detail: 'iPhone' },
      { kind: 'emailed', at: AT, person: BO, detail: 'bo@example.com' },
      { kind: 'failed', at: AT, person: BO, detail: 'device unsubscribed' },
      { kind: 'claimed', at: AT, person: BO, detail: null },
    ];
    expect(timeline.map((entry) => timelineText(entry, BO.userId))).toEqual([
      'Received from https://acme.example/contact',
      'Sent to Ann Lee’s iPhone',
      'Shown on Ann Lee’s iPhone',
      'Emailed to bo@example.com',
      'Delivery to you failed (device unsubscribed)',
      'You are on it',
    ]);
    expect(deliveryLines(timeline, BO.userId).map(({ person, target, outcome }) => [person, target, outcome])).toEqual([
      ['Ann Lee', 'iPhone', 'shown'],
      ['You', 'bo@example.com', 'emailed'],
      ['You', 'device unsubscribed', 'failed'],
    ]);
  });
});

describe('urgency', () => {
  const NOW = new Date('2026-11-24T10:00:00.000Z');
  const lead = (id: string, status: LeadState['status'], respondBy: string | null) => ({ id, status, respondBy });

  it('an open lead is overdue from its response target on; taken, done or untimed leads never are', () => {
    expect(isOverdue(lead('a', 'open', '2026-11-24T10:00:00.000Z'), NOW)).toBe(true);
    expect(isOverdue(lead('b', 'open', '2026-11-24T10:00:01.000Z'), NOW)).toBe(false);
    expect(isOverdue(lead('c', 'claimed', '2026-11-24T09:00:00.000Z'), NOW)).toBe(false);
    expect(isOverdue(lead('d', 'done', '2026-11-24T09:00:00.000Z'), NOW)).toBe(false);
    expect(isOverdue(lead('e', 'open', null), NOW)).toBe(false);
  });

  it('says how late in minutes, hours, then days', () => {
    expect(formatOverdue('2026-11-24T09:58:30.000Z', NOW)).toBe('1 min');
    expect(formatOverdue('2026-11-24T07:30:00.000Z', NOW)).toBe('2 hr');
    expect(formatOverdue('2026-11-23T09:00:00.000Z', NOW)).toBe('1 day');
    expect(formatOverdue('2026-11-20T09:00:00.000Z', NOW)).toBe('4 days');
  });

  it('puts overdue leads first, each group in the order it came', () => {
    const leads = [
      lead('new', 'open', '2026-11-24T10:04:00.000Z'),
      lead('late', 'open', '2026-11-24T09:50:00.000Z'),
      lead('taken', 'claimed', '2026-11-24T09:40:00.000Z'),
      lead('later', 'open', '2026-11-24T09:30:00.000Z'),
    ];
    expect(overdueFirst(leads, NOW).map((each) => each.id)).toEqual(['late', 'later', 'new', 'taken']);
  });

  it('tells when an after-hours lead rings in the locale’s clock, with the day', () => {
    expect(formatRingsAt('2026-11-25T09:00:00.000Z', 'en-GB', 'Europe/London')).toBe('09:00 Wed');
    expect(formatRingsAt('2026-11-25T14:00:00.000Z', 'en-US', 'America/New_York')).toBe('9:00 AM Wed');
  });
});

describe('a lead with no delivery says why', () => {
  const NOW = new Date('2026-11-24T22:00:00.000Z');
  const none = { delivered: 0, failed: 0, pending: 0, state: 'accepted' as const, reason: null };
  const lead = (change: Partial<Parameters<typeof undeliveredText>[0]>) => ({
    status: 'open' as const,
    isHeld: false,
    ringsAt: null,
    delivery: none,
    ...change,
  });

  it('closed for the night: when it rings', () => {
    expect(undeliveredText(lead({ ringsAt: '2026-11-25T09:00:00.000Z' }), NOW, 'en-GB', 'Europe/London')).toBe(
      'Arrived while you were closed: rings at 09:00 Wed.',
    );
  });

  it('held, spam, on its way, or simply none', () => {
    expect(undeliveredText(lead({ isHeld: true }), NOW)).toMatch(/^Held: over the plan’s monthly limit/);
    expect(undeliveredText(lead({ status: 'spam' }), NOW)).toBe('Not delivered: spam rings nobody.');
    expect(undeliveredText(lead({ delivery: { ...none, pending: 2 } }), NOW)).toBe('On its way to the team’s devices.');
    expect(undeliveredText(lead({ ringsAt: '2026-11-24T09:00:00.000Z' }), NOW)).toBe('Not delivered to anyone yet.');
  });
});

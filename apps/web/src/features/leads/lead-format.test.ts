import type { LeadState, LeadTimelineEntry } from '@leadbell/shared/leads';
import { describe, expect, it } from 'vitest';
import {
  conflictMessage,
  deliveryLines,
  firstLine,
  formatOverdue,
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

describe('lead format › text messages', () => {
  it('a lead texted to a member reads "Texted", and Twilio’s confirmation that it reached the phone', () => {
    const sent: LeadTimelineEntry = { kind: 'delivered', at: AT, person: ANN, detail: 'Text message' };
    const reached: LeadTimelineEntry = { kind: 'confirmed', at: AT, person: ANN, detail: 'Text message' };
    expect(timelineText(sent, BO.userId)).toBe('Texted Ann Lee');
    expect(timelineText(sent, ANN.userId)).toBe('Texted you');
    expect(timelineText(reached, BO.userId)).toBe('Text reached Ann Lee’s phone');
  });
});

describe('lead format › phone calls', () => {
  it('a lead call reads "Calling", its answer, how it went, and a pass (issue 50)', () => {
    const placed: LeadTimelineEntry = { kind: 'delivered', at: AT, person: ANN, detail: 'Phone call' };
    const answered: LeadTimelineEntry = { kind: 'confirmed', at: AT, person: ANN, detail: 'Phone call' };
    const phoned: LeadTimelineEntry = { kind: 'phoned', at: AT, person: ANN, detail: 'completed, 42 s, pressed 1' };
    const passed: LeadTimelineEntry = { kind: 'passed', at: AT, person: ANN, detail: null };
    const asked: LeadTimelineEntry = { kind: 'asked', at: AT, person: ANN, detail: null };
    const everyone: LeadTimelineEntry = { kind: 'asked', at: AT, person: null, detail: null };
    expect(timelineText(placed, BO.userId)).toBe('Calling Ann Lee');
    expect(timelineText(answered, ANN.userId)).toBe('Call answered by you');
    expect(timelineText(phoned, BO.userId)).toBe('Phoned Ann Lee: completed, 42 s, pressed 1');
    expect(timelineText(passed, BO.userId)).toBe('Ann Lee passed it on');
    expect(timelineText(asked, BO.userId)).toBe('Rang Ann Lee, in turn');
    expect(timelineText(everyone, BO.userId)).toBe('Nobody was on it in turn: everyone was rung');
  });
});

describe('lead format › Slack and webhooks', () => {
  it('a lead posted to Slack or sent to a webhook reads so, failures with their reason, outside the delivery list', () => {
    const timeline: LeadTimelineEntry[] = [
      { kind: 'delivered', at: AT, person: null, detail: 'Slack', channel: 'slack' },
      { kind: 'delivered', at: AT, person: null, detail: 'crm.example.com', channel: 'webhook' },
      { kind: 'failed', at: AT, person: null, detail: 'HTTP 404 no_service', channel: 'slack' },
      { kind: 'failed', at: AT, person: null, detail: 'HTTP 500 (CRM)', channel: 'webhook' },
      { kind: 'delivered', at: AT, person: ANN, detail: 'Telegram' },
    ];
    expect(timeline.map((entry) => timelineText(entry, BO.userId))).toEqual([
      'Posted to Slack',
      'Sent to crm.example.com',
      'Slack post failed: HTTP 404 no_service',
      'Webhook post failed: HTTP 500 (CRM)',
      'Sent to Ann Lee on Telegram',
    ]);
    expect(deliveryLines(timeline, BO.userId).map(({ person, target, outcome }) => [person, target, outcome])).toEqual([
      ['Ann Lee', 'Telegram', 'sent'],
    ]);
  });
});

describe('lead format › replies and attempts', () => {
  it('a reply says who answered and to which address', () => {
    const reply: LeadTimelineEntry = {
      kind: 'replied',
      at: AT,
      person: ANN,
      detail: 'visitor@example.com',
      text: 'Hi, we can come Tuesday.',
    };
    expect(timelineText(reply, ANN.userId)).toBe('You replied by email to visitor@example.com');
    expect(timelineText(reply, BO.userId)).toBe('Ann Lee replied by email to visitor@example.com');
    expect(timelineText({ ...reply, detail: null }, BO.userId)).toBe('Ann Lee replied by email');
  });

  it('a call, a text and a WhatsApp message name the number as people read it', () => {
    const attempt = { at: AT, person: ANN, detail: '+447911123456' };
    expect(timelineText({ ...attempt, kind: 'called', channel: 'call' }, ANN.userId)).toBe(
      'You called +44 7911 123456',
    );
    expect(timelineText({ ...attempt, kind: 'messaged', channel: 'whatsapp' }, BO.userId)).toBe(
      'Ann Lee sent a WhatsApp message to +44 7911 123456',
    );
    expect(timelineText({ ...attempt, kind: 'messaged', channel: 'sms' }, BO.userId)).toBe(
      'Ann Lee texted +44 7911 123456',
    );
    // A number written without its country code stays as dialled.
    expect(timelineText({ ...attempt, detail: '07911123456', kind: 'called' }, BO.userId)).toBe(
      'Ann Lee called 07911123456',
    );
    expect(timelineText({ ...attempt, detail: null, kind: 'messaged' }, BO.userId)).toBe('Ann Lee sent a message');
    expect(timelineText({ ...attempt, person: null, kind: 'called' }, BO.userId)).toBe(
      'Someone called +44 7911 123456',
    );
  });

  it('a note says who added it; an outcome says what it became, or that it was cleared', () => {
    expect(timelineText({ kind: 'note', at: AT, person: ANN, detail: null, text: 'Call back' }, BO.userId)).toBe(
      'Ann Lee added a note',
    );
    const outcome = { kind: 'outcome' as const, at: AT, person: ANN };
    expect(timelineText({ ...outcome, detail: 'Won · $1,200' }, ANN.userId)).toBe('You marked it Won · $1,200');
    expect(timelineText({ ...outcome, detail: 'Lost: price' }, BO.userId)).toBe('Ann Lee marked it Lost: price');
    expect(timelineText({ ...outcome, detail: 'cleared' }, BO.userId)).toBe('Ann Lee cleared the outcome');
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

describe('lead format › the visitor’s acknowledgement', () => {
  it('says where it went, or why none went, in plain words', () => {
    const sent: LeadTimelineEntry = { kind: 'acknowledged', at: AT, person: null, detail: 'visitor@example.com' };
    expect(timelineText(sent, ANN.userId)).toBe('Acknowledgement emailed to the visitor at visitor@example.com');
    const skipped = { ...sent, kind: 'not_acknowledged' as const };
    expect(timelineText({ ...skipped, detail: 'already_today' }, ANN.userId)).toBe(
      'No acknowledgement sent: this address already got one from this flow today',
    );
    expect(timelineText({ ...skipped, detail: 'invalid_address' }, ANN.userId)).toBe(
      'No acknowledgement sent: the visitor’s email address is not valid',
    );
    expect(timelineText({ ...skipped, detail: null }, ANN.userId)).toBe('No acknowledgement sent: it could not go out');
  });
});

import { PushPayloadSchema } from '@leadbell/shared/push-payload';
import { describe, expect, it } from 'vitest';
import {
  claimOutcome,
  leadCardUrl,
  notificationActions,
  notificationTarget,
  pushReceiptOf,
  readNotificationData,
  readPushPayload,
} from './push-payload.ts';

const ORIGIN = 'http://localhost:3000';

/** What the delivery worker sends for a lead: every field the shared schema names. */
const LEAD_PUSH = {
  title: 'Still unanswered (5 min): New lead: Bob',
  message: 'Bob asked: <b>price?</b>',
  url: 'https://example.com/lead/1',
  notificationId: 'n1',
  flowId: 'f1',
  deliveryId: 'd1',
  deviceId: null,
  isTest: false,
  phone: '+447911123456',
  actions: ['claim', 'call'],
  escalation: true,
  silent: true,
};

describe('readPushPayload', () => {
  it('push › a payload the shared schema accepts is read back unchanged', () => {
    expect(PushPayloadSchema.parse(LEAD_PUSH)).toEqual(LEAD_PUSH);
    expect(readPushPayload(LEAD_PUSH)).toEqual(LEAD_PUSH);
  });

  it('push › a payload without a phone, buttons, escalation or quiet hours reads them as none', () => {
    const { phone: _phone, actions: _actions, escalation: _escalation, silent: _silent, ...older } = LEAD_PUSH;
    expect(readPushPayload(older)).toEqual({ ...older, phone: null, actions: [], escalation: false, silent: false });
  });

  it('push › a lead’s phone and buttons are read; anything but a number or a known action is dropped', () => {
    expect(readPushPayload({ phone: '+447911123456', actions: ['claim', 'call', 'delete'] })).toMatchObject({
      phone: '+447911123456',
      actions: ['claim', 'call'],
    });
    // Written without its country code while the business has none set: dialled as written.
    expect(readPushPayload({ phone: '07911123456', actions: ['claim', 'call'] })).toMatchObject({
      phone: '07911123456',
    });
    expect(readPushPayload({ phone: 'javascript:alert(1)', actions: 'claim' })).toMatchObject({
      phone: null,
      actions: [],
    });
  });

  it('push › an escalation and quiet hours are read as such, anything else as neither', () => {
    expect(readPushPayload({ title: 'Still unanswered', escalation: true, silent: true })).toMatchObject({
      escalation: true,
      silent: true,
    });
    expect(readPushPayload({ escalation: 'yes', silent: 1 })).toMatchObject({ escalation: false, silent: false });
  });

  it('push › a test push’s receipt names the device; a push without either has none', () => {
    expect(pushReceiptOf(readPushPayload({ title: 'Test', deliveryId: null, deviceId: 'v1' }))).toEqual({
      deviceId: 'v1',
    });
    expect(pushReceiptOf(readPushPayload({ title: 'Old server' }))).toBeNull();
  });

  it('push › anything unreadable still gives a notification to show', () => {
    expect(readPushPayload(null)).toMatchObject({ title: 'Leadbell', message: 'You have a new notification.' });
    expect(readPushPayload({ title: 42, message: '' })).toMatchObject({ title: 'Leadbell', url: '' });
    expect(readPushPayload('plain text push')).toMatchObject({ title: 'Leadbell', message: 'plain text push' });
  });
});

describe('notificationTarget', () => {
  it('push › an https url is opened as it is', () => {
    expect(notificationTarget({ url: 'https://example.com/a?b=1', flowId: 'f1' }, ORIGIN)).toBe(
      'https://example.com/a?b=1',
    );
  });

  it('push › a console url on our own origin is opened, even over http in development', () => {
    expect(notificationTarget({ url: `${ORIGIN}/flows/f1`, flowId: 'f1' }, ORIGIN)).toBe(`${ORIGIN}/flows/f1`);
  });

  it('push › other schemes and bad urls fall back to the flow’s notifications', () => {
    expect(notificationTarget({ url: 'javascript:alert(1)', flowId: 'f1' }, ORIGIN)).toBe(`${ORIGIN}/flows/f1`);
    expect(notificationTarget({ url: 'http://example.com/', flowId: 'f1' }, ORIGIN)).toBe(`${ORIGIN}/flows/f1`);
    expect(notificationTarget({ url: 'http://[bad', flowId: null }, ORIGIN)).toBe(`${ORIGIN}/flows`);
    expect(notificationTarget(readPushPayload({ flowId: 'f1' }), ORIGIN)).toBe(`${ORIGIN}/flows/f1`);
  });
});

describe('notification buttons', () => {
  it('push › a lead with a phone gets "I’m on it" and "Call"; without a phone, only "I’m on it"', () => {
    const lead = { notificationId: 'n1', actions: ['claim', 'call'] as const, phone: '+12025550123' };
    expect(notificationActions({ ...lead, actions: [...lead.actions] })).toEqual([
      { action: 'claim', title: 'I’m on it' },
      { action: 'call', title: 'Call' },
    ]);
    expect(notificationActions({ ...lead, actions: ['claim', 'call'], phone: null })).toEqual([
      { action: 'claim', title: 'I’m on it' },
    ]);
    expect(notificationActions({ notificationId: null, actions: ['claim'], phone: null })).toEqual([]);
  });

  it('push › the click reads back what the notification kept, and the body opens the lead card', () => {
    expect(readNotificationData({ url: 'https://a.example', notificationId: 'n1', phone: '+12025550123' })).toEqual({
      url: 'https://a.example',
      notificationId: 'n1',
      phone: '+12025550123',
    });
    expect(readNotificationData(null)).toEqual({ url: null, notificationId: null, phone: null });
    expect(leadCardUrl('n 1', ORIGIN)).toBe(`${ORIGIN}/leads/n%201`);
  });

  it('push › the claim’s answer becomes the follow-up notification', () => {
    expect(claimOutcome(200, 'New lead: Ann', null)).toEqual({ title: 'You’re on it', body: 'New lead: Ann' });
    expect(claimOutcome(409, 'New lead: Ann', 'Bo Member is already on it.').title).toBe('Bo Member is already on it.');
    expect(claimOutcome(401, 'New lead: Ann', null).title).toBe('Sign in to take this lead');
    expect(claimOutcome(null, 'New lead: Ann', null).title).toBe('Couldn’t take the lead');
  });
});

import { describe, expect, it } from 'vitest';
import { notificationTarget, readPushPayload } from './push-payload.ts';

const ORIGIN = 'http://localhost:3000';

describe('readPushPayload', () => {
  it('push › reads the fields the delivery worker sends', () => {
    expect(
      readPushPayload({
        title: 'New lead: Bob',
        message: 'Bob asked: <b>price?</b>',
        url: 'https://example.com/lead/1',
        notificationId: 'n1',
        flowId: 'f1',
        deliveryId: 'd1',
        deviceId: null,
        isTest: false,
      }),
    ).toEqual({
      title: 'New lead: Bob',
      message: 'Bob asked: <b>price?</b>',
      url: 'https://example.com/lead/1',
      notificationId: 'n1',
      flowId: 'f1',
      receipt: { deliveryId: 'd1' },
      isEscalation: false,
      isSilent: false,
    });
  });

  it('push › an escalation and quiet hours are read as such, anything else as neither', () => {
    expect(readPushPayload({ title: 'Still unanswered', escalation: true, silent: true })).toMatchObject({
      isEscalation: true,
      isSilent: true,
    });
    expect(readPushPayload({ escalation: 'yes', silent: 1 })).toMatchObject({ isEscalation: false, isSilent: false });
  });

  it('push › a test push’s receipt names the device; a push without either has none', () => {
    expect(readPushPayload({ title: 'Test', deliveryId: null, deviceId: 'v1' }).receipt).toEqual({ deviceId: 'v1' });
    expect(readPushPayload({ title: 'Old server' }).receipt).toBeNull();
  });

  it('push › anything unreadable still gives a notification to show', () => {
    expect(readPushPayload(null)).toMatchObject({ title: 'Leadbell', message: 'You have a new notification.' });
    expect(readPushPayload({ title: 42, message: '' })).toMatchObject({ title: 'Leadbell', url: null });
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
  });
});

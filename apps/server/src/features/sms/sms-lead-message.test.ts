import { describe, expect, it } from 'vitest';
import { smsLeadMessage } from './sms-lead-message.ts';

describe('sms lead message', () => {
  it('names the lead and its flow and links to the card', () => {
    expect(
      smsLeadMessage({
        title: 'New lead: Priya',
        flowName: 'Contact form',
        leadUrl: 'https://app.example.com/leads/abc',
        unansweredMinutes: null,
      }),
    ).toBe('Leadbell: New lead: Priya (Contact form) - open: https://app.example.com/leads/abc');
  });

  it('says how long an escalated lead has waited, and shortens a long title', () => {
    const text = smsLeadMessage({
      title: `New lead: ${'x'.repeat(100)}`,
      flowName: null,
      leadUrl: 'https://l.example/leads/1',
      unansweredMinutes: 5,
    });
    expect(text).toMatch(
      /^Leadbell: Still unanswered \(5 min\): New lead: x+… - open: https:\/\/l\.example\/leads\/1$/,
    );
    expect(text.length).toBeLessThan(160);
  });
});

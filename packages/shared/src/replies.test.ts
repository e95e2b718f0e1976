import { describe, expect, it } from 'vitest';
import { CannedReplyInputSchema, LeadReplyInputSchema, replySubjectOf } from './replies.ts';

describe('replies', () => {
  it('a reply’s subject is addressed to the customer: the business’s name, never the owner’s notification title', () => {
    expect(replySubjectOf({ template: null, businessName: 'Acme  Plumbing\n', data: { name: 'Dave' } })).toBe(
      'Your inquiry to Acme Plumbing',
    );
    expect(replySubjectOf({ template: null, businessName: null, data: null })).toBe('Your inquiry');
    expect(replySubjectOf({ template: null, businessName: 'x'.repeat(300), data: null })).toHaveLength(200);
  });

  it('a flow’s own reply subject fills the lead’s fields, on one line; empty once filled, the default', () => {
    const data = { 'First Name': 'Dave', service: 'boiler\nrepair' };
    expect(replySubjectOf({ template: 'Your {{service}} quote, {{first name}}', businessName: 'Acme', data })).toBe(
      'Your boiler repair quote, Dave',
    );
    expect(replySubjectOf({ template: '{{missing}}', businessName: 'Acme', data })).toBe('Your inquiry to Acme');
  });

  it('a subject cannot carry a line break (no mail header can be added); an empty one is left out', () => {
    expect(LeadReplyInputSchema.parse({ subject: 'Hi\r\nBcc: a@example.com', body: 'Hello' }).subject).toBe(
      'HiBcc: a@example.com',
    );
    expect(LeadReplyInputSchema.parse({ subject: '  ', body: 'Hello' }).subject).toBeUndefined();
    expect(LeadReplyInputSchema.parse({ body: ' Line one\nLine two ' }).body).toBe('Line one\nLine two');
  });

  it('a canned reply’s placeholders must be fillable', () => {
    expect(CannedReplyInputSchema.safeParse({ title: 'Thanks', body: 'Hi {{name}}' }).success).toBe(true);
    const broken = CannedReplyInputSchema.safeParse({ title: 'Thanks', body: 'Hi {{}}' });
    expect(broken.error?.issues.map((issue) => issue.message)).toEqual([
      'Reply has an empty placeholder {{ }} at character 4.',
    ]);
  });
});

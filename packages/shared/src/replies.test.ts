import { describe, expect, it } from 'vitest';
import { CannedReplyInputSchema, defaultReplySubject, LeadReplyInputSchema } from './replies.ts';

describe('replies', () => {
  it('a reply’s default subject is “Re:” and the lead’s title on one line', () => {
    expect(defaultReplySubject('New lead:\n  Ann   Lee ')).toBe('Re: New lead: Ann Lee');
    expect(defaultReplySubject('x'.repeat(300))).toHaveLength(200);
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

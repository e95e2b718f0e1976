import { describe, expect, it } from 'vitest';
import { formSubmissionOf, parseFormBody } from './notify-form.ts';

describe('notify form', () => {
  it('keeps every value of a repeated field', () => {
    expect(parseFormBody('topic=price&topic=viewing&name=Ann+Lee')).toEqual({
      topic: 'price, viewing',
      name: 'Ann Lee',
    });
  });

  it('takes the reserved fields out and turns the rest into data', () => {
    const submission = formSubmissionOf(
      parseFormBody('apiKey=lb_live_x&flowId=f&redirect=https%3A%2F%2Fa.example%2Fthanks&name=Ann&phone=555'),
    );
    expect(submission).toEqual({
      apiKey: 'lb_live_x',
      redirect: 'https://a.example/thanks',
      isBot: false,
      input: { flowId: 'f', title: undefined, message: undefined, url: undefined, data: { name: 'Ann', phone: '555' } },
    });
  });

  it('treats empty optional inputs as absent, as forms always post every input', () => {
    const submission = formSubmissionOf(parseFormBody('flowId=f&title=&message=+&url=&_gotcha='));
    expect(submission.input).toEqual({ flowId: 'f', title: undefined, message: undefined, url: undefined });
    expect(submission.isBot).toBe(false);
  });

  it('a filled honeypot marks the post as a bot', () => {
    expect(formSubmissionOf(parseFormBody('flowId=f&_gotcha=http%3A%2F%2Fspam')).isBot).toBe(true);
  });
});

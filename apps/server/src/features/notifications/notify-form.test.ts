import { describe, expect, it } from 'vitest';
import { formSubmissionOf, parseFormBody } from './notify-form.ts';

describe('notify form', () => {
  it('keeps every value of a repeated field', () => {
    expect(parseFormBody('topic=price&topic=viewing&name=Ann+Lee')).toEqual({
      topic: 'price, viewing',
      name: 'Ann Lee',
    });
  });

  it('takes the _-prefixed fields out and turns the rest into data', () => {
    const submission = formSubmissionOf(
      parseFormBody('_apiKey=lb_live_x&_flowId=f&_redirect=https%3A%2F%2Fa.example%2Fthanks&name=Ann&phone=555'),
    );
    expect(submission).toEqual({
      apiKey: 'lb_live_x',
      redirect: 'https://a.example/thanks',
      isBot: false,
      shortenedFields: [],
      input: { flowId: 'f', title: undefined, message: undefined, url: undefined, data: { name: 'Ann', phone: '555' } },
    });
  });

  it('still reads the old names apiKey, flowId and redirect', () => {
    const submission = formSubmissionOf(parseFormBody('apiKey=k&flowId=f&redirect=https%3A%2F%2Fa.example%2F&x=1'));
    expect(submission).toMatchObject({ apiKey: 'k', redirect: 'https://a.example/', input: { flowId: 'f' } });
  });

  it('a visitor’s own message, title and url fields stay data; _message, _title and _url set the notification', () => {
    const submission = formSubmissionOf(
      parseFormBody(
        '_flowId=f&message=Call+me&title=Mrs&url=https%3A%2F%2Fmy.example&_title=Booking&_message=Details&_url=https%3A%2F%2Fshop.example%2Fo%2F1',
      ),
    );
    expect(submission.input).toEqual({
      flowId: 'f',
      title: 'Booking',
      message: 'Details',
      url: 'https://shop.example/o/1',
      data: { message: 'Call me', title: 'Mrs', url: 'https://my.example' },
    });
  });

  it('treats empty optional inputs as absent, as forms always post every input', () => {
    const submission = formSubmissionOf(parseFormBody('_flowId=f&_title=&_message=+&_url=&_gotcha='));
    expect(submission.input).toEqual({ flowId: 'f', title: undefined, message: undefined, url: undefined });
    expect(submission.isBot).toBe(false);
  });

  it('a filled honeypot marks the post as a bot', () => {
    expect(formSubmissionOf(parseFormBody('_flowId=f&_gotcha=http%3A%2F%2Fspam')).isBot).toBe(true);
  });

  it('_test marks a test notification', () => {
    expect(formSubmissionOf(parseFormBody('_flowId=f&_test=true')).input).toMatchObject({ test: true });
    expect(formSubmissionOf(parseFormBody('_flowId=f&_test=no')).input).not.toHaveProperty('test');
  });

  it('cuts long values and a long _title rather than refusing the lead, and leaves out an invalid _url', () => {
    const submission = formSubmissionOf(
      parseFormBody(`_flowId=f&_title=${'T'.repeat(200)}&_url=javascript:alert(1)&note=${'n'.repeat(1500)}`),
    );
    expect(String(submission.input.title)).toHaveLength(120);
    expect(submission.input.url).toBeUndefined();
    expect(String((submission.input.data as Record<string, string>).note)).toHaveLength(1000);
    expect(submission.shortenedFields).toEqual(['note', '_title']);
  });

  it('leaves out a _title or _message with broken placeholders, also when the cut broke one, so the flow’s own is used', () => {
    const broken = formSubmissionOf(parseFormBody('_flowId=f&_title=Lead+%7B%7Bname&_message=Hi+%7B%7B+%7D%7D'));
    expect(broken.input).toMatchObject({ title: undefined, message: undefined });
    const cut = formSubmissionOf(parseFormBody(`_flowId=f&_title=${'T'.repeat(115)}+%7B%7Bname%7D%7D`));
    expect(cut.input.title).toBeUndefined();
    expect(cut.shortenedFields).toEqual([]);
  });

  it('the snippet’s _pageUrl, _referrer and campaign fields are where the lead came from, never data', () => {
    const submission = formSubmissionOf(
      parseFormBody(
        '_flowId=f&name=Ann&_pageUrl=https%3A%2F%2Fa.example%2Fcontact&_referrer=https%3A%2F%2Fwww.google.com%2F&_utm_source=google&_utm_medium=cpc&_utm_campaign=spring&_utm_term=&_gclid=abc&_fbclid=',
      ),
    );
    expect(submission.input).toMatchObject({
      data: { name: 'Ann' },
      pageUrl: 'https://a.example/contact',
      referrer: 'https://www.google.com/',
      attribution: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring', gclid: 'abc' },
    });
    expect(submission.input.attribution).not.toHaveProperty('utm_term');
  });
});

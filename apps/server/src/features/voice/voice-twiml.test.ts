import { describe, expect, it } from 'vitest';
import { connectCustomerTwiml, leadCallTwiml, spokenTwiml } from './voice-twiml.ts';

describe('voice twiml', () => {
  it('says the business, the title and the message, then gathers one key posted to the gather URL', () => {
    const twiml = leadCallTwiml({
      businessName: 'Acme Homes',
      title: 'New lead: Flo',
      message: 'Flo wrote: my boiler is leaking',
      gatherUrl: 'https://leadbell.example/v1/twilio/calls/abc/gather',
      language: 'en-US',
      isEscalation: false,
    });
    expect(twiml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Gather numDigits="1"/);
    expect(twiml).toContain('action="https://leadbell.example/v1/twilio/calls/abc/gather" method="POST"');
    expect(twiml).toContain('<Say language="en-US">Leadbell for Acme Homes. New lead: New lead: Flo.</Say>');
    expect(twiml).toContain('<Say language="en-US">Flo wrote: my boiler is leaking</Say>');
    expect(twiml).toMatch(/Press 1 .* Press 2 /);
    expect(twiml).toMatch(/<\/Gather><Say[^>]*>No key was pressed[^<]*<\/Say><Hangup\/><\/Response>$/);
  });

  it('escapes what the lead wrote, so no visitor can add a verb', () => {
    const twiml = leadCallTwiml({
      businessName: 'A & B',
      title: '<Dial>+15550001</Dial>',
      message: 'x"y\'z',
      gatherUrl: 'https://leadbell.example/g?a=1&b=2',
      language: 'en-GB',
      isEscalation: true,
    });
    expect(twiml).not.toContain('<Dial>');
    expect(twiml).toContain('A &#38; B');
    expect(twiml).toContain('Still unanswered: &#60;Dial&#62;');
    expect(twiml).toContain('action="https://leadbell.example/g?a=1&#38;b=2"');
  });

  it('key 1 dials the customer with the caller ID; a spoken answer hangs up', () => {
    expect(
      connectCustomerTwiml({ customerPhone: '+447911123456', callerId: '+15005550006', language: 'en-US' }),
    ).toContain('<Dial callerId="+15005550006"><Number>+447911123456</Number></Dial>');
    expect(spokenTwiml('The details are in the app.', 'en-US')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="en-US">The details are in the app.</Say><Hangup/></Response>',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { callVoiceOf } from './call-voice.ts';
import { connectCustomerTwiml, leadCallTwiml, spokenTwiml } from './voice-twiml.ts';

const ENGLISH = callVoiceOf('en', 'US');
const FRENCH = callVoiceOf('fr', 'FR');

describe('voice twiml', () => {
  it('says the business, the title and the message in the business’s language, then gathers one key posted to the gather URL', () => {
    const twiml = leadCallTwiml({
      businessName: 'Plomberie Dupont',
      title: 'Nouveau contact : Zoé',
      message: 'Zoé a écrit : une fuite dans la salle de bain',
      gatherUrl: 'https://leadbell.example/v1/twilio/calls/abc/gather',
      voice: ENGLISH,
      leadVoice: FRENCH,
      isEscalation: false,
    });
    expect(twiml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Gather numDigits="1"/);
    expect(twiml).toContain('action="https://leadbell.example/v1/twilio/calls/abc/gather" method="POST"');
    expect(twiml).toContain('<Say language="en-US" voice="Google.en-US-Standard-A">Leadbell. New lead for:</Say>');
    expect(twiml).toContain(
      '<Say language="fr-FR" voice="Google.fr-FR-Standard-A">Plomberie Dupont. Nouveau contact : Zoé.</Say>',
    );
    expect(twiml).toContain(
      '<Say language="fr-FR" voice="Google.fr-FR-Standard-A">Zoé a écrit : une fuite dans la salle de bain</Say>',
    );
    expect(twiml).toMatch(/<Say language="en-US"[^>]*>Press 1 .* Press 2 /);
    expect(twiml).toMatch(/<\/Gather><Say[^>]*>No key was pressed[^<]*<\/Say><Hangup\/><\/Response>$/);
  });

  it('escapes what the lead wrote, so no visitor can add a verb', () => {
    const twiml = leadCallTwiml({
      businessName: 'A & B',
      title: '<Dial>+15550001</Dial>',
      message: 'x"y\'z',
      gatherUrl: 'https://leadbell.example/g?a=1&b=2',
      voice: ENGLISH,
      leadVoice: ENGLISH,
      isEscalation: true,
    });
    expect(twiml).not.toContain('<Dial>');
    expect(twiml).toContain('Still unanswered for:');
    expect(twiml).toContain('A &#38; B. &#60;Dial&#62;');
    expect(twiml).toContain('action="https://leadbell.example/g?a=1&#38;b=2"');
  });

  it('key 1 dials the customer with the caller ID; a spoken answer hangs up', () => {
    expect(
      connectCustomerTwiml({ customerPhone: '+447911123456', callerId: '+15005550006', voice: ENGLISH }),
    ).toContain('<Dial callerId="+15005550006"><Number>+447911123456</Number></Dial>');
    expect(spokenTwiml('The details are in the app.', ENGLISH)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="en-US" voice="Google.en-US-Standard-A">The details are in the app.</Say><Hangup/></Response>',
    );
  });
});

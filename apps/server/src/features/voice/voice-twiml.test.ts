import { describe, expect, it } from 'vitest';
import { callPromptOf } from './call-prompts.ts';
import { callVoiceOf } from './call-voice.ts';
import { connectCustomerTwiml, leadCallTwiml, spokenTwiml } from './voice-twiml.ts';

const ENGLISH = callVoiceOf('en', 'US');
const FRENCH = callVoiceOf('fr', 'FR');

describe('voice twiml', () => {
  it('says Leadbell’s words, the business, the title and the message in the business’s language, then gathers one key posted to the gather URL', () => {
    const twiml = leadCallTwiml({
      businessName: 'Plomberie Dupont',
      title: 'Nouveau contact : Zoé',
      message: 'Zoé a écrit : une fuite dans la salle de bain',
      gatherUrl: 'https://leadbell.example/v1/twilio/calls/abc/gather',
      voice: FRENCH,
      isEscalation: false,
    });
    const french = '<Say language="fr-FR" voice="Google.fr-FR-Standard-A">';
    expect(twiml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Gather numDigits="1"/);
    expect(twiml).toContain('action="https://leadbell.example/v1/twilio/calls/abc/gather" method="POST"');
    expect(twiml).toContain(`${french}Leadbell. Nouveau contact pour :</Say>`);
    expect(twiml).toContain(`${french}Plomberie Dupont. Nouveau contact : Zoé.</Say>`);
    expect(twiml).toContain(`${french}Zoé a écrit : une fuite dans la salle de bain</Say>`);
    expect(twiml).toContain(`${french}Appuyez sur 1 pour prendre ce contact`);
    expect(twiml).toMatch(/<\/Gather><Say[^>]*>Aucune touche[^<]*<\/Say><Hangup\/><\/Response>$/);
    expect(twiml).not.toContain('language="en-');
  });

  it('escapes what the lead wrote, so no visitor can add a verb', () => {
    const twiml = leadCallTwiml({
      businessName: 'A & B',
      title: '<Dial>+15550001</Dial>',
      message: 'x"y\'z',
      gatherUrl: 'https://leadbell.example/g?a=1&b=2',
      voice: ENGLISH,
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
    expect(spokenTwiml('gone', ENGLISH)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="en-US" voice="Google.en-US-Standard-A">This lead is no longer waiting. Goodbye.</Say><Hangup/></Response>',
    );
  });

  it('every prompt is in the language of each voice: German, Spanish, Italian, Portuguese, Dutch, and English past the table', () => {
    expect(callPromptOf('keys', callVoiceOf('de', 'DE'))).toMatch(/^Drücken Sie die 1/);
    expect(callPromptOf('keys', callVoiceOf('es', 'MX'))).toMatch(/^Pulse 1/);
    expect(callPromptOf('connecting', callVoiceOf('it', 'IT'))).toMatch(/^Il contatto è suo/);
    expect(callPromptOf('passed', callVoiceOf('pt', 'BR'))).toMatch(/^Pedido passado/);
    expect(callPromptOf('noPhone', callVoiceOf('nl', 'BE'))).toMatch(/^De aanvraag is voor jou/);
    expect(callPromptOf('newLead', callVoiceOf('fr', 'CA'))).toBe('Leadbell. Nouveau contact pour :');
    expect(callPromptOf('gone', { language: 'ja-JP', voice: 'Google.ja-JP-Standard-A' })).toBe(
      'This lead is no longer waiting. Goodbye.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { callVoiceOf } from './call-voice.ts';

describe('call voice', () => {
  it('reads the business’s language in its country’s accent, with a voice that speaks it', () => {
    expect(callVoiceOf('fr', 'FR')).toEqual({ language: 'fr-FR', voice: 'Google.fr-FR-Standard-A' });
    expect(callVoiceOf('fr', 'CA')).toEqual({ language: 'fr-CA', voice: 'Google.fr-CA-Standard-A' });
    expect(callVoiceOf('es', 'MX')).toEqual({ language: 'es-US', voice: 'Google.es-US-Standard-A' });
    expect(callVoiceOf('de', 'AT')).toEqual({ language: 'de-DE', voice: 'Google.de-DE-Standard-A' });
    expect(callVoiceOf('en', 'GB')).toEqual({ language: 'en-GB', voice: 'Google.en-GB-Standard-A' });
  });

  it('without a learned language, the country’s own; without either, or with no voice for it, English', () => {
    expect(callVoiceOf(null, 'DE').language).toBe('de-DE');
    expect(callVoiceOf(null, 'BR').language).toBe('pt-BR');
    expect(callVoiceOf(null, 'IE').language).toBe('en-GB');
    expect(callVoiceOf(null, null).language).toBe('en-US');
    expect(callVoiceOf('th', 'TH').language).toBe('en-US');
    expect(callVoiceOf(null, 'ZZ').language).toBe('en-US');
  });
});

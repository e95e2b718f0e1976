/**
 * Who reads a call's words (twilio.com/docs/voice/twiml/say/text-speech): a `<Say>` language and a
 * voice that speaks it. Twilio refuses a `<Say>` whose voice does not speak its language, so both
 * are chosen together: a Google standard voice, the form Twilio's documentation names
 * (`Google.en-GB-Standard-A`), of the locales below.
 */
export type CallVoice = { language: string; voice: string };

const SPANISH_AMERICAS = [
  'US',
  'MX',
  'AR',
  'BO',
  'CL',
  'CO',
  'CR',
  'CU',
  'DO',
  'EC',
  'GT',
  'HN',
  'NI',
  'PA',
  'PE',
  'PR',
  'PY',
  'SV',
  'UY',
  'VE',
];

/**
 * The languages a business's leads are learned in (leadbell_language_words, issue 46) that have a
 * voice, each in its own country's accent where Twilio offers one, else the language's first.
 */
const LOCALES = {
  en: { first: 'en-US', byCountry: { GB: 'en-GB', IE: 'en-GB', ZA: 'en-GB', AU: 'en-AU', NZ: 'en-AU', IN: 'en-IN' } },
  de: { first: 'de-DE', byCountry: {} },
  fr: { first: 'fr-FR', byCountry: { CA: 'fr-CA' } },
  es: { first: 'es-ES', byCountry: Object.fromEntries(SPANISH_AMERICAS.map((country) => [country, 'es-US'])) },
  it: { first: 'it-IT', byCountry: {} },
  pt: { first: 'pt-PT', byCountry: { BR: 'pt-BR' } },
  nl: { first: 'nl-NL', byCountry: { BE: 'nl-BE' } },
} satisfies Record<string, { first: string; byCountry: Record<string, string> }>;

/** A language calls are read in: the business's, its leads' and Leadbell's own words (call-prompts.ts). */
export type CallLanguage = keyof typeof LOCALES;

function isCallLanguage(language: string): language is CallLanguage {
  return Object.hasOwn(LOCALES, language);
}

/** The language most spoken in `country` (Unicode's likely subtags: FR is French, CA English), or null. */
function languageOfCountry(country: string): string | null {
  try {
    return new Intl.Locale(`und-${country}`).maximize().language;
  } catch {
    return null;
  }
}

/**
 * The voice for `language` (two letters) as `country` speaks it. Without a language, the
 * country's own; one with no voice here (or none at all) is read in English, which every Twilio
 * account can speak.
 */
export function callVoiceOf(language: string | null, country: string | null): CallVoice {
  const spoken = language ?? (country && languageOfCountry(country));
  const locales: { first: string; byCountry: Record<string, string> } =
    spoken && isCallLanguage(spoken) ? LOCALES[spoken] : LOCALES.en;
  const locale = (country && locales.byCountry[country]) || locales.first;
  return { language: locale, voice: `Google.${locale}-Standard-A` };
}

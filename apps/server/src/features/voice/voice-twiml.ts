import type { CallVoice } from './call-voice.ts';

/**
 * The TwiML of a lead's phone call (twilio.com/docs/voice/twiml): what the member hears and the
 * one key they press. Words are the lead's own, so every one is escaped for XML.
 */

const SAY_MESSAGE_MAX = 400;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function say(text: string, { language, voice }: CallVoice): string {
  return `<Say language="${language}" voice="${voice}">${escapeXml(text.replace(/\s+/g, ' ').trim())}</Say>`;
}

function response(...verbs: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${verbs.join('')}</Response>`;
}

/**
 * The call's opening: the business, the flow's title and message, read in the business's language
 * (`leadVoice`), between Leadbell's own words, which are English as the console's are (`voice`);
 * then one key: 1 takes the lead and connects the customer, 2 passes it on. No key is not an answer.
 */
export function leadCallTwiml({
  businessName,
  title,
  message,
  gatherUrl,
  voice,
  leadVoice,
  isEscalation,
}: {
  businessName: string;
  title: string;
  message: string;
  gatherUrl: string;
  voice: CallVoice;
  leadVoice: CallVoice;
  isEscalation: boolean;
}): string {
  const shown = message.length > SAY_MESSAGE_MAX ? `${message.slice(0, SAY_MESSAGE_MAX - 1)}…` : message;
  return response(
    `<Gather numDigits="1" action="${escapeXml(gatherUrl)}" method="POST" timeout="8">`,
    say(`Leadbell. ${isEscalation ? 'Still unanswered' : 'New lead'} for:`, voice),
    say(`${businessName}. ${title}.`, leadVoice),
    say(shown, leadVoice),
    say('Press 1 to take this lead and call the customer now. Press 2 to pass it to the next person.', voice),
    '</Gather>',
    say('No key was pressed. The lead is still waiting in the app. Goodbye.', voice),
    '<Hangup/>',
  );
}

/** Key 1: the lead is the member's; the customer's phone rings with the business's caller ID. */
export function connectCustomerTwiml({
  customerPhone,
  callerId,
  voice,
}: {
  customerPhone: string;
  callerId: string;
  voice: CallVoice;
}): string {
  return response(
    say('The lead is yours. Connecting you to the customer now.', voice),
    `<Dial callerId="${escapeXml(callerId)}"><Number>${escapeXml(customerPhone)}</Number></Dial>`,
  );
}

/** Key 1 for a lead without a phone number, or one already taken: what the app has instead. */
export function spokenTwiml(text: string, voice: CallVoice): string {
  return response(say(text, voice), '<Hangup/>');
}

import { callPromptOf, type CallPrompt } from './call-prompts.ts';
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
 * The call's opening, all in the business's language (`voice`, decision 082): Leadbell's words,
 * the business, the flow's title and message; then one key: 1 takes the lead and connects the
 * customer, 2 passes it on. No key is not an answer.
 */
export function leadCallTwiml({
  businessName,
  title,
  message,
  gatherUrl,
  voice,
  isEscalation,
}: {
  businessName: string;
  title: string;
  message: string;
  gatherUrl: string;
  voice: CallVoice;
  isEscalation: boolean;
}): string {
  const shown = message.length > SAY_MESSAGE_MAX ? `${message.slice(0, SAY_MESSAGE_MAX - 1)}…` : message;
  return response(
    `<Gather numDigits="1" action="${escapeXml(gatherUrl)}" method="POST" timeout="8">`,
    say(callPromptOf(isEscalation ? 'stillUnanswered' : 'newLead', voice), voice),
    say(`${businessName}. ${title}.`, voice),
    say(shown, voice),
    say(callPromptOf('keys', voice), voice),
    '</Gather>',
    say(callPromptOf('noKey', voice), voice),
    '<Hangup/>',
  );
}

/**
 * Key 1: the lead is the member's; the customer's phone rings showing `callerId`, the business's
 * verified number or else the server's (decision 082).
 */
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
    say(callPromptOf('connecting', voice), voice),
    `<Dial callerId="${escapeXml(callerId)}"><Number>${escapeXml(customerPhone)}</Number></Dial>`,
  );
}

/** Every other answer: one prompt (the lead taken, passed, gone, left no number…), then hang up. */
export function spokenTwiml(prompt: CallPrompt, voice: CallVoice): string {
  return response(say(callPromptOf(prompt, voice), voice), '<Hangup/>');
}

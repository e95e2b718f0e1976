import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { takeAllowances, type Allowance } from '../allowances/take-allowances.ts';

type TwilioRefusal = { ok: false; status: number | null; providerCode: string | null; error: string };

/** A phone number refused: the `phone` field's message. */
export function refusedPhone(message: string): AppError {
  return new AppError('validation_error', undefined, { fields: { phone: [message] } });
}

/**
 * Asks Twilio for something paid for a number (a text, a call) once the allowances are taken, and
 * gives them back when Twilio refuses: a limit is reserved before the work, so parallel requests
 * cannot pass it. Twilio answers 400 for the number itself (21211 invalid, 21614 not a mobile,
 * 21450 already verified), the phone field's message, `Twilio cannot <verb> this number: …`; any
 * other refusal is the moment's, `failure`.
 */
export async function askTwilioWithinAllowances<Answer extends { ok: true }>(
  db: Database,
  allowances: Allowance[],
  ask: () => Promise<Answer | TwilioRefusal>,
  refusal: { verb: string; failure: (providerCode: string | null) => AppError },
): Promise<Answer> {
  const taken = await takeAllowances(db, allowances);
  const answer = await ask();
  if (answer.ok) return answer;
  await taken.giveBack();
  if (answer.status === 400) throw refusedPhone(`Twilio cannot ${refusal.verb} this number: ${answer.error}`);
  throw refusal.failure(answer.providerCode);
}

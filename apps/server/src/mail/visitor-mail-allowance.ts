import { MINUTE_SECONDS, type Allowance } from '../features/allowances/take-allowances.ts';

/**
 * The installation's ceiling on mail sent on businesses' behalf to their visitors (replies and
 * acknowledgements, VISITOR_MAILS_PER_MINUTE): addresses typed by strangers bounce and complain
 * far more than the team's own, and a burst of them costs the sender its reputation for everyone.
 */
export function visitorMailAllowance(perMinute: number): Allowance {
  return {
    key: 'visitor-mail',
    limit: perMinute,
    windowSeconds: MINUTE_SECONDS,
    refusal: 'Leadbell is sending a lot of mail right now. Try again in a minute.',
  };
}

/**
 * Cloudflare Turnstile's server-side check (decision 039): one request to siteverify per lead of
 * a flow that asks for the CAPTCHA, made at ingestion because its token is single-use and lives
 * five minutes, too short to wait for a worker that may be behind. `failed` quarantines the lead;
 * `unverified` (Cloudflare unreachable, slow or in error, or the owner's secret refused) only adds
 * a few points, so neither an outage nor a mistyped secret loses or hides a real customer.
 */
export type CaptchaVerdict = 'passed' | 'failed' | 'unverified' | 'not_applicable';

export const TURNSTILE_VERIFY_TIMEOUT_MS = 3_000;

// Siteverify's errors that are not the visitor's: the owner's secret or Cloudflare itself.
const NOT_THE_VISITORS = new Set(['missing-input-secret', 'invalid-input-secret', 'internal-error']);

export type TurnstileVerifier = (check: {
  secret: string;
  token: string | null;
  remoteIp: string;
}) => Promise<CaptchaVerdict>;

export function createTurnstileVerifier(verifyUrl: string): TurnstileVerifier {
  return async ({ secret, token, remoteIp }) => {
    // No token from a page that shows the widget: a bot that skipped it.
    if (!token) return 'failed';
    try {
      const response = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret, response: token, remoteip: remoteIp }),
        redirect: 'error',
        signal: AbortSignal.timeout(TURNSTILE_VERIFY_TIMEOUT_MS),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return 'unverified';
      }
      const answer = (await response.json()) as { success?: unknown; 'error-codes'?: unknown };
      if (answer.success === true) return 'passed';
      const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
      return codes.some((code) => NOT_THE_VISITORS.has(String(code))) ? 'unverified' : 'failed';
    } catch {
      return 'unverified';
    }
  };
}

import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { WEBHOOK_RESPONSE_EXCERPT_MAX } from '@leadbell/shared/webhooks';
import {
  addressLiteralOf,
  isPublicAddress,
  systemResolver,
  webhookUrlProblem,
  type HostResolver,
} from './webhook-address.ts';

/**
 * A failing endpoint costs a worker slot no longer than this (and stays inside the job's expiry,
 * JOB_RETRY.expireInSeconds): it never delays pushes, which have their own jobs.
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The outcome of one POST: an answer (any status), or why there was none. */
export type WebhookAttemptResult = {
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
  isSuccess: boolean;
  /** A 429's (or 503's) `Retry-After` in seconds, when it gave one (Slack's rate limit does). */
  retryAfterSeconds: number | null;
};

export type WebhookSender = {
  send: (request: { url: string; headers: Record<string, string>; body: string }) => Promise<WebhookAttemptResult>;
  close: () => Promise<void>;
};

class AddressRefusedError extends Error {}

/** Reads at most a little more than the excerpt, then drops the rest of the answer. */
async function excerptOf(body: AsyncIterable<Buffer> & { destroy: () => void }): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= WEBHOOK_RESPONSE_EXCERPT_MAX * 4) break;
  }
  body.destroy();
  return Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX);
}

/**
 * POSTs webhooks with the SSRF rule applied at the moment of connecting (decision 049): every
 * address a name resolves to (through `resolve`) must be public, and the connection is made to
 * the very addresses checked, through the agent's `lookup`, so a name that answers differently on
 * a second query (DNS rebinding) cannot slip past. An address literal is checked before the
 * request. Redirects are never followed: a 3xx is a failed attempt. `allowPrivateNetworks`
 * (WEBHOOK_ALLOW_PRIVATE_NETWORKS) lifts the rule for tests and self-hosted networks.
 */
export function createWebhookSender({
  allowPrivateNetworks,
  resolve = systemResolver,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: {
  allowPrivateNetworks: boolean;
  resolve?: HostResolver;
  timeoutMs?: number;
}): WebhookSender {
  const checkedLookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = allowPrivateNetworks ? [] : addresses.filter(({ address }) => !isPublicAddress(address));
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no address.`), { code: 'ENOTFOUND' }), '', 4);
        } else if (refused.length > 0) {
          callback(
            new AddressRefusedError(
              `Refused: ${hostname} resolves to ${refused[0]!.address}, which is not a public address.`,
            ),
            '',
            4,
          );
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(
            null,
            addresses,
          );
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
  const agent = new Agent({
    connect: { lookup: checkedLookup, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 10_000,
  });

  async function send({ url, headers, body }: { url: string; headers: Record<string, string>; body: string }) {
    const startedAt = performance.now();
    const elapsed = () => Math.round(performance.now() - startedAt);
    const failed = (error: string): WebhookAttemptResult => ({
      statusCode: null,
      durationMs: elapsed(),
      responseExcerpt: null,
      error,
      isSuccess: false,
      retryAfterSeconds: null,
    });
    // Checked again at send time: the setting may have changed since the endpoint was saved.
    const problem = webhookUrlProblem(url, { allowPrivateNetworks });
    if (problem) return failed(`Refused: ${problem}`);
    const literal = addressLiteralOf(new URL(url).hostname);
    if (literal !== null && !allowPrivateNetworks && !isPublicAddress(literal))
      return failed(`Refused: ${literal} is not a public address.`);
    try {
      const response = await request(url, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Leadbell-Webhooks/1', ...headers },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const responseExcerpt = await excerptOf(response.body).catch(() => null);
      const isSuccess = response.statusCode >= 200 && response.statusCode < 300;
      return {
        statusCode: response.statusCode,
        durationMs: elapsed(),
        responseExcerpt,
        error: response.statusCode >= 300 && response.statusCode < 400 ? 'Redirects are not followed.' : null,
        isSuccess,
        retryAfterSeconds: retryAfterOf(response.headers['retry-after']),
      };
    } catch (error) {
      return failed(describeFailure(error, timeoutMs));
    }
  }

  return { send, close: () => agent.close() };
}

/** `Retry-After` as seconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
function retryAfterOf(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof AddressRefusedError) return cause.message;
  if (error instanceof Error && error.cause instanceof AddressRefusedError) return error.cause.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || /timeout/i.test(error.name)))
    return `No answer within ${timeoutMs / 1000} s.`;
  const code = (error as { code?: string }).code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT')
    return `No answer within ${timeoutMs / 1000} s.`;
  const message = cause instanceof Error ? cause.message : String(cause);
  return `Could not connect: ${message}`.slice(0, 300);
}

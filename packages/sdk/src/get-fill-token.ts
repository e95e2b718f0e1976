import { attemptRequest } from './attempt-request.ts';
import { parseJson } from './parse-json.ts';
import { readTimeout, type CallOptions, type ResolvedOptions } from './read-options.ts';

/** The longest `fillToken` that `notify` accepts (packages/shared's NotifyRequestSchema). */
export const FILL_TOKEN_MAX_LENGTH = 100;

/**
 * `Leadbell.getFillToken`. Every failure to get a token resolves undefined rather than throwing:
 * a form must stay submittable without one.
 */
export async function getFillToken(
  options: ResolvedOptions,
  flowId: string,
  { signal, timeoutMs }: CallOptions,
): Promise<string | undefined> {
  if (typeof flowId !== 'string') {
    throw new TypeError('Leadbell: getFillToken takes the flow id: getFillToken(flowId).');
  }
  const url = new URL(options.fillTokenUrl);
  url.searchParams.set('flowId', flowId);
  // No key and no custom header: a simple cross-origin GET needs no CORS preflight, and the
  // endpoint is open to any page.
  const attempt = await attemptRequest(
    options.fetch,
    url.toString(),
    { method: 'GET' },
    { timeoutMs: readTimeout(timeoutMs, 'timeoutMs', options.timeoutMs), signal },
  );
  if (attempt.kind === 'no-answer' || !attempt.response.ok) return undefined;
  const token = (parseJson(attempt.text) as { token?: unknown } | null | undefined)?.token;
  // A token notify would refuse would stop the form: better none.
  return typeof token === 'string' && token !== '' && token.length <= FILL_TOKEN_MAX_LENGTH ? token : undefined;
}

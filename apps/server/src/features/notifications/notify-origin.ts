import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { ApiKeyCaller } from '../api-keys/authenticate-api-key.ts';

function originOfUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

/** The page's origin a browser request comes from: `Origin`, or `Referer` for browsers that omit it on form posts. */
export function requestOriginOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return originOfUrl(origin);
  const referer = request.headers.referer;
  return referer ? originOfUrl(referer) : null;
}

/**
 * A key limited to origins only works from pages on them. Any client can forge the header, so this
 * stops other websites from using a key copied out of a page, not a determined attacker; keys used
 * from servers should stay unlimited and secret.
 */
export function requireAllowedOrigin(caller: ApiKeyCaller, origin: string | null): void {
  if (caller.allowedOrigins.length === 0) return;
  if (origin && caller.allowedOrigins.includes(origin)) return;
  throw new AppError(
    'origin_not_allowed',
    origin
      ? `This API key does not accept requests from ${origin}.`
      : 'This API key only accepts requests from its allowed websites.',
  );
}

/**
 * Where to send a visitor after a form post: only back to the posting site or one of the key's
 * allowed origins, so we are never an open redirect. Null when the form asked for anywhere else;
 * the visitor then gets our thank-you page (decision 021).
 */
export function allowedRedirectOf(redirect: string, origin: string | null, caller: ApiKeyCaller): string | null {
  const target = originOfUrl(redirect);
  const isOwnSite = target !== null && (target === origin || caller.allowedOrigins.includes(target));
  return isOwnSite ? new URL(redirect).toString() : null;
}

const PAGE_URL_MAX = 2048;

/** The page a browser sent the lead from: its `Referer` without the fragment, else its `Origin`. */
export function pageUrlOf(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (referer && originOfUrl(referer)) {
    const url = new URL(referer);
    url.hash = '';
    const href = url.toString();
    if (href.length <= PAGE_URL_MAX) return href;
  }
  return requestOriginOf(request);
}

import { ERROR_CODES } from '@leadbell/shared/error-code-list';

/**
 * The API's documented error codes (docs/api-errors.md). A newer server may answer a code that
 * is not listed here: treat it by its HTTP status. Bundled from the API's own list at build time:
 * the published package depends on nothing private.
 */
export const LEADBELL_ERROR_CODES = ERROR_CODES;

/** A code the API documents. */
export type LeadbellErrorCode = (typeof LEADBELL_ERROR_CODES)[number];

/** The SDK's own code for an answer that is not the API's JSON (a proxy's HTML error page, say). */
export const UNEXPECTED_RESPONSE = 'unexpected_response';

/** What `LeadbellApiError.code` may hold: a documented code, the SDK's own, or one added later. */
export type LeadbellApiErrorCode = LeadbellErrorCode | typeof UNEXPECTED_RESPONSE | (string & {});

export {
  Leadbell,
  type KnownNotifyStatus,
  type NotifyInput,
  type NotifyOptions,
  type NotifyResult,
  type NotifyStatus,
} from './leadbell.ts';
export type { CallOptions, LeadbellOptions } from './read-options.ts';
export type { Attribution } from './browser-source.ts';
export { LeadbellError, LeadbellApiError, LeadbellNetworkError, type LeadbellFieldErrors } from './errors.ts';
export {
  LEADBELL_ERROR_CODES,
  UNEXPECTED_RESPONSE,
  type LeadbellErrorCode,
  type LeadbellApiErrorCode,
} from './error-codes.ts';

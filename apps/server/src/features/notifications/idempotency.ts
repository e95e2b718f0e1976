import { AppError } from '../../http/app-error.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The `Idempotency-Key` header, checked: 1–255 visible ASCII characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header === 'string' && IDEMPOTENCY_KEY.test(header)) return header;
  const message = 'Idempotency-Key must be 1 to 255 visible ASCII characters.';
  throw new AppError('validation_error', message, { fields: { 'Idempotency-Key': [message] } });
}

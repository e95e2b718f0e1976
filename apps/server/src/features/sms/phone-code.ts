import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A fresh 6-digit code, every value equally likely. */
export function newPhoneCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The code as kept: an HMAC under the server's secret, bound to the member and the number, so a
 * copy of the table does not give the codes away (six digits are quickly guessed from a plain hash).
 */
export function phoneCodeHashOf(key: string, userId: string, phone: string, code: string): string {
  return createHmac('sha256', key).update(`${userId}\n${phone}\n${code}`).digest('hex');
}

export function isPhoneCodeRight(key: string, userId: string, phone: string, code: string, hash: string): boolean {
  const given = Buffer.from(phoneCodeHashOf(key, userId, phone, code), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

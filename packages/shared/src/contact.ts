import { z } from 'zod';

const EMAIL = z.email();
const EMAIL_FIELD = /e-?mail|courriel|correo/i;

type LeadData = Record<string, unknown> | null | undefined;

function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.safeParse(value.trim()).success;
}

/**
 * The lead's email address, to reply to: the value of a field named like one (`email`,
 * `E-mail`, `your-email`…) when it holds an address, else the first value that is an address.
 */
export function leadEmailOf(data: LeadData): string | null {
  const entries = Object.entries(data ?? {});
  const named = entries.find(([name, value]) => EMAIL_FIELD.test(name) && isEmail(value));
  const found = named ?? entries.find(([, value]) => isEmail(value));
  return found ? (found[1] as string).trim() : null;
}

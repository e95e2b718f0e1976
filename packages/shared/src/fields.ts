import { z } from 'zod';
import { sanitizeText } from './sanitize.ts';

type TextRule = {
  required?: string;
  min?: [number, string];
  max: [number, string];
  multiline?: boolean;
};

/** A sanitised text field: trims and strips control characters before any rule runs. */
export function textField({ required, min, max, multiline = false }: TextRule) {
  let schema = z
    .string({ error: required ?? min?.[1] ?? 'This field is required.' })
    .overwrite((value) => sanitizeText(value, { multiline }));
  if (required) schema = schema.min(1, { error: required, abort: true });
  if (min) schema = schema.min(min[0], min[1]);
  return schema.max(max[0], max[1]);
}

export const EMAIL_MESSAGE = 'Please enter a valid email address.';

export const EmailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .overwrite((value) => sanitizeText(value).toLowerCase())
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }));

export const PASSWORD_POLICY_MESSAGE =
  'Password must contain at least 8 characters, including uppercase, lowercase, number, and special character.';
export const PASSWORD_LENGTH_MESSAGE = 'Password must contain at least 8 characters.';
export const PASSWORD_MAX_LENGTH = 128;
const PASSWORD_TOO_LONG = `Password must be ${PASSWORD_MAX_LENGTH} characters or less.`;

/** The spec's password policy: 8+ characters with lowercase, uppercase, digit and special character. */
export function passwordField(lengthMessage = PASSWORD_POLICY_MESSAGE) {
  return z
    .string({ error: PASSWORD_POLICY_MESSAGE })
    .min(8, lengthMessage)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
    .regex(/[a-z]/, PASSWORD_POLICY_MESSAGE)
    .regex(/[A-Z]/, PASSWORD_POLICY_MESSAGE)
    .regex(/[0-9]/, PASSWORD_POLICY_MESSAGE)
    .regex(/[^A-Za-z0-9]/, PASSWORD_POLICY_MESSAGE);
}

export const OTP_LENGTH = 6;
export const OTP_MESSAGE = 'Please enter a valid otp.';

export const OtpSchema = z
  .string({ error: 'Code is required' })
  .overwrite((value) => value.replace(/\s/g, ''))
  .min(1, { error: 'Code is required', abort: true })
  .min(OTP_LENGTH, 'Minimum 6 characters')
  .max(OTP_LENGTH, OTP_MESSAGE)
  .regex(/^\d+$/, OTP_MESSAGE);

export const UuidSchema = z.uuid({ error: 'Must be a valid id.' });

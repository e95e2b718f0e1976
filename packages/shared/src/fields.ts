import { z } from 'zod';
import { sanitizeText } from './sanitize.ts';
import { templateSyntaxError, type TemplateSyntaxError } from './template.ts';

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

function characterName(character: string): string {
  if (character === '\n' || character === '\r') return 'a line break';
  if (character === '\t') return 'a tab';
  // A no-break or other special space, usually pasted from a word processor, looks like a space.
  return /\s/.test(character) ? 'a special space' : `“${character}”`;
}

function templateSyntaxMessage(label: string, error: TemplateSyntaxError): string {
  switch (error.problem) {
    case 'unclosed':
      return `${label} has an unclosed {{ at character ${error.at}.`;
    case 'unopened':
      return `${label} has a }} without an opening {{ at character ${error.at}.`;
    case 'empty':
      return `${label} has an empty placeholder {{ }} at character ${error.at}.`;
    case 'character':
      return `${label} has ${characterName(error.character)} at character ${error.at}, which a placeholder name cannot contain.`;
  }
}

/**
 * A `superRefine` for a `{{placeholder}}` template field: refuses placeholder syntax the renderer
 * would print raw on every lead, naming the first problem and its position.
 */
export function templateSyntax(label: string) {
  return (value: string, ctx: z.RefinementCtx<string>) => {
    const error = templateSyntaxError(value);
    if (error) ctx.addIssue({ code: 'custom', message: templateSyntaxMessage(label, error) });
  };
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
export const PASSWORD_TOO_LONG = `Password must be ${PASSWORD_MAX_LENGTH} characters or less.`;

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

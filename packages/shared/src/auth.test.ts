import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChangePasswordSchema,
  NameSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  VerifyEmailSchema,
} from './auth.ts';

/** Each field's messages, as the API's `details.fields` and the console's forms show them. */
function messagesOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return fields;
}

const PASSWORD = 'Corr3ct-horse!';
const POLICY =
  'Password must contain at least 8 characters, including uppercase, lowercase, number, and special character.';
const valid = { name: 'Ann Owner', email: 'ann@example.com', password: PASSWORD };

describe('spec section 5 › sign-up name', () => {
  it("accepts 2 characters (the rule), and below that says the rule's number: docs/decisions/010-name-length.md", () => {
    expect(NameSchema.safeParse('Al').success).toBe(true);
    expect(messagesOf(SignUpSchema, { ...valid, name: 'A' }).name).toEqual([
      'Name must be at least 2 characters long.',
    ]);
  });

  it("says 'Name must be 50 characters or less.' above 50", () => {
    expect(NameSchema.safeParse('a'.repeat(50)).success).toBe(true);
    expect(messagesOf(SignUpSchema, { ...valid, name: 'a'.repeat(51) }).name).toEqual([
      'Name must be 50 characters or less.',
    ]);
  });

  it.each(['Ann3', 'Ann!', '<script>', 'Ann_Owner'])(
    "says 'Name can only contain letters, spaces, hyphens, and apostrophes.' for %s",
    (name) => {
      expect(messagesOf(SignUpSchema, { ...valid, name }).name).toEqual([
        'Name can only contain letters, spaces, hyphens, and apostrophes.',
      ]);
    },
  );

  it('accepts letters of any language, spaces, hyphens and apostrophes, and sanitises first', () => {
    expect(NameSchema.parse("  Zoë O'Brien-Smith\u0000 ")).toBe("Zoë O'Brien-Smith");
    expect(NameSchema.parse('Jürgen Groß')).toBe('Jürgen Groß');
  });

  it("says 'Name is required.' when empty", () => {
    expect(messagesOf(SignUpSchema, { ...valid, name: '   ' }).name).toEqual(['Name is required.']);
  });
});

describe('spec section 5 › email', () => {
  it.each(['not-an-email', 'a@', '', "a@b.c'; drop table users;--", `${'a'.repeat(250)}@b.co`])(
    "says 'Please enter a valid email address.' for %s",
    (email) => {
      expect(messagesOf(SignUpSchema, { ...valid, email }).email).toEqual(['Please enter a valid email address.']);
      expect(messagesOf(SignInSchema, { email, password: PASSWORD }).email).toEqual([
        'Please enter a valid email address.',
      ]);
    },
  );

  it('trims and lower-cases the address', () => {
    expect(SignInSchema.parse({ email: '  Ann@Example.COM ', password: PASSWORD }).email).toBe('ann@example.com');
  });
});

describe('spec section 5 › password', () => {
  it.each([
    ['too short', 'Ab1!'],
    ['no uppercase', 'correct-h0rse!'],
    ['no lowercase', 'CORRECT-H0RSE!'],
    ['no digit', 'Correct-horse!'],
    ['no special character', 'Correcth0rse'],
  ])('%s: sign-up and change say the policy message; sign-in leaves it to the server', (_label, password) => {
    expect(messagesOf(SignUpSchema, { ...valid, password }).password).toContain(POLICY);
    expect(messagesOf(SignInSchema, { email: valid.email, password })).toEqual({});
    expect(
      messagesOf(ChangePasswordSchema, { currentPassword: PASSWORD, newPassword: password, confirmPassword: password })
        .newPassword,
    ).toContain(POLICY);
  });

  it("reset says 'Password must contain at least 8 characters.' for length alone, and the policy otherwise", () => {
    const reset = { email: valid.email, otp: '123456' };
    expect(messagesOf(ResetPasswordSchema, { ...reset, password: 'Ab1!', confirmPassword: 'Ab1!' }).password).toEqual([
      'Password must contain at least 8 characters.',
    ]);
    expect(
      messagesOf(ResetPasswordSchema, { ...reset, password: 'correct-h0rse!', confirmPassword: 'correct-h0rse!' })
        .password,
    ).toEqual([POLICY]);
  });

  it('sign-in asks only that a password is entered (decision 043)', () => {
    expect(messagesOf(SignInSchema, { email: valid.email, password: '' }).password).toEqual([
      'Please enter your password.',
    ]);
    expect(messagesOf(SignInSchema, { email: valid.email }).password).toEqual(['Please enter your password.']);
  });

  it('accepts a password meeting the policy', () => {
    expect(SignUpSchema.safeParse(valid).success).toBe(true);
  });

  it("says 'Passwords do not match.' on the confirmation of reset and change", () => {
    expect(
      messagesOf(ResetPasswordSchema, {
        email: valid.email,
        otp: '123456',
        password: PASSWORD,
        confirmPassword: `${PASSWORD}x`,
      }).confirmPassword,
    ).toEqual(['Passwords do not match.']);
    expect(
      messagesOf(ChangePasswordSchema, {
        currentPassword: PASSWORD,
        newPassword: 'N3w-password!',
        confirmPassword: 'other',
      }).confirmPassword,
    ).toEqual(['Passwords do not match.']);
  });
});

describe('spec section 5 › verification code', () => {
  const verify = (otp: unknown) => messagesOf(VerifyEmailSchema, { email: valid.email, otp }).otp;

  it("says 'Code is required' when empty", () => {
    expect(verify('')).toEqual(['Code is required']);
    expect(verify(undefined)).toEqual(['Code is required']);
  });

  it("says 'Minimum 6 characters' below 6", () => {
    expect(verify('12345')).toEqual(['Minimum 6 characters']);
  });

  it.each(['1234567', 'abcdef', '12a456'])("says 'Please enter a valid otp.' for %s", (otp) => {
    expect(verify(otp)).toEqual(['Please enter a valid otp.']);
  });

  it('accepts exactly 6 digits, ignoring spaces a person pastes in', () => {
    expect(VerifyEmailSchema.parse({ email: valid.email, otp: ' 123 456 ' }).otp).toBe('123456');
  });
});

import type { z } from 'zod';
import type { FieldErrors } from '@leadbell/shared/error-codes';
import { AppError } from './app-error.ts';

/** Validates with a shared schema outside Fastify's route schemas; failures become field-level 400s. */
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const messages = (fields[issue.path.join('.') || '_'] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  throw new AppError('validation_error', result.error.issues[0]?.message, { fields });
}

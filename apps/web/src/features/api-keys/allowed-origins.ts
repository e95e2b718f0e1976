import { AllowedOriginsSchema } from '@leadbell/shared/api-keys';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The allowed-origins textarea (one origin per line) read into the list the API takes, each line
 * checked with the shared OriginSchema; an invalid line is named in the message.
 */
export const OriginLinesSchema = z.string().transform((text, ctx) => {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const parsed = AllowedOriginsSchema.safeParse(lines);
  if (parsed.success) return [...new Set(parsed.data)];
  const issue = parsed.error.issues[0];
  const index = issue?.path[0];
  const line = typeof index === 'number' ? lines[index] : undefined;
  ctx.addIssue({ code: 'custom', message: line ? `“${line}”: ${issue?.message}` : (issue?.message ?? '') });
  return z.NEVER;
});

/** A key's origins as the textarea shows them. */
export function originLines(origins: readonly string[]): string {
  return origins.join('\n');
}

/** An origin as the key list shows it: https is the norm and left out, anything else is spelled out. */
export function displayOrigin(origin: string): string {
  return origin.replace(/^https:\/\//, '');
}

/** The server's message for the origins field, whichever line (`allowedOrigins.2`) it names. */
export function originsServerError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const entry = Object.entries(error.fields).find(([field]) => /^allowedOrigins(\.\d+)?$/.test(field));
  return entry?.[1][0] ?? null;
}

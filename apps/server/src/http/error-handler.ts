import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, FieldErrors } from '@leadbell/shared/error-codes';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { AppError } from './app-error.ts';

type ValidationIssue = { instancePath?: string; message?: string };

function fieldErrorsOf(issues: ValidationIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '_';
    const messages = (fields[path] ??= []);
    if (issue.message && !messages.includes(issue.message)) messages.push(issue.message);
  }
  return fields;
}

type ApiError = Omit<ApiErrorBody['error'], 'requestId'>;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The error code this request was answered with, for its log line and the metrics. */
    errorCode: string | null;
  }
}

/** Every error body carries the request's id, so a caller can quote it and we can find it in the logs. */
export function sendApiError(reply: FastifyReply, status: number, error: ApiError) {
  reply.request.errorCode = error.code;
  const body: ApiErrorBody = { error: { ...error, requestId: reply.request.id } };
  return reply.status(status).type('application/json').send(body);
}

/** Seconds a caller waits before retrying while the database is away (it restarts within a few). */
export const RETRY_AFTER_SECONDS = 5;

/** The 503 every route answers while the database is unreachable: nothing was stored, try again. */
export function sendServiceUnavailable(reply: FastifyReply) {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return sendApiError(reply, 503, {
    code: 'service_unavailable',
    message: 'Leadbell is briefly unavailable. Please try again in a few seconds.',
  });
}

/** Throw typed, map once: every failure leaves the API in the same envelope. */
export function registerErrorHandler(
  app: FastifyInstance,
  /** Whether the database is unreachable, for errors that hide their cause (see createDatabaseProbe). */
  isDatabaseDown: () => Promise<boolean> = async () => false,
): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      const details =
        error.fields || error.details ? { ...error.details, ...(error.fields && { fields: error.fields }) } : undefined;
      return sendApiError(reply, error.status, {
        code: error.code,
        message: error.message,
        ...(details && { details }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrorsOf(error.validation as ValidationIssue[]);
      const first = Object.values(fields)[0]?.[0];
      return sendApiError(reply, 400, {
        code: 'validation_error',
        message: first ?? 'Some fields are invalid.',
        details: { fields },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const code =
        status === 429
          ? 'rate_limited'
          : status === 404
            ? 'not_found'
            : status === 413
              ? 'payload_too_large'
              : 'validation_error';
      return sendApiError(reply, status, { code, message: error.message });
    }
    if (isDatabaseUnavailable(error) || (await isDatabaseDown())) {
      request.log.warn({ err: error }, 'database unavailable; answered 503');
      return sendServiceUnavailable(reply);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendApiError(reply, 500, {
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  app.setNotFoundHandler((request, reply) =>
    sendApiError(reply, 404, { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
}

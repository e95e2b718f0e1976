import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, FieldErrors } from '@leadbell/shared/error-codes';
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

/** Every error body carries the request's id, so a caller can quote it and we can find it in the logs. */
export function sendApiError(reply: FastifyReply, status: number, error: ApiError) {
  const body: ApiErrorBody = { error: { ...error, requestId: reply.request.id } };
  return reply.status(status).type('application/json').send(body);
}

/** Throw typed, map once: every failure leaves the API in the same envelope. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      const details = error.fields ? { fields: error.fields } : undefined;
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

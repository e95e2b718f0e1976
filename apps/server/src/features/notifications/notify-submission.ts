import type { FastifyRequest } from 'fastify';
import { apiKeyOfHeaders } from '../api-keys/authenticate-api-key.ts';
import { formSubmissionOf, type FormFields } from './notify-form.ts';
import { isFormPost, type Submission } from './receive-notification.ts';

/** A `POST /v1/notify`: a plain HTML form (its key may be a field), or JSON from code. */
export function notifySubmissionOf(request: FastifyRequest): Submission {
  const headerKey = apiKeyOfHeaders(request);
  if (isFormPost(request)) {
    const form = formSubmissionOf(request.body as FormFields);
    return {
      source: 'form',
      key: headerKey ?? form.apiKey,
      keyKind: 'api',
      inputOf: () => form.input,
      isTest: form.input.test === true,
      shortenedFields: form.shortenedFields,
      redirect: form.redirect,
      isBot: form.isBot,
      wantsPage: request.headers.accept?.includes('text/html') ?? false,
    };
  }
  const body: unknown = request.body;
  return {
    source: 'api',
    key: headerKey,
    keyKind: 'api',
    inputOf: () => body,
    isTest: typeof body === 'object' && body !== null && (body as { test?: unknown }).test === true,
    shortenedFields: [],
    redirect: null,
    isBot: false,
    wantsPage: false,
  };
}

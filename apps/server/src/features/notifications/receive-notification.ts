import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotifyRequestSchema, type NotifyResponse } from '@leadbell/shared/notifications';
import { AppError } from '../../http/app-error.ts';
import { parseOrThrow } from '../../http/parse.ts';
import { apiKeyOfHeaders, type ApiKeyAuthenticator } from '../api-keys/authenticate-api-key.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import { StaleReadError, type IngestResult, type NotificationIngester } from './ingest-notification.ts';
import { formSubmissionOf, type FormFields, type FormSubmission } from './notify-form.ts';
import { formResultPage } from './notify-form-page.ts';
import { redirectTargetOrThrow, requestOriginOf, requireAllowedOrigin } from './notify-origin.ts';
import type { RateLimiter } from './notify-rate-limiter.ts';

export type ReceiveDependencies = {
  apiKeys: ApiKeyAuthenticator;
  ingester: NotificationIngester;
  rateLimiter: RateLimiter;
};

// Reading afresh after a stale read settles it unless the key, flow or plan changes yet again meanwhile.
const MAX_FRESH_READS = 3;

export function isFormPost(request: FastifyRequest): boolean {
  return request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
}

function replyToForm(
  reply: FastifyReply,
  { redirect, wantsPage, origin }: { redirect: string | null; wantsPage: boolean; origin: string | null },
  response: NotifyResponse,
) {
  if (redirect) return reply.redirect(redirect, 303);
  if (!wantsPage) return reply.status(202).send(response);
  const page = formResultPage({ heading: 'Thank you!', detail: 'Your message has been sent.', backTo: origin });
  return reply.status(202).type('text/html; charset=utf-8').send(page);
}

/**
 * `POST /v1/notify` from a website: JSON from code, or a plain HTML form. Checks run cheapest
 * first (key, origin, rate) so abuse costs little; the notification is validated by the same
 * shared schema either way and stored before the 202.
 */
export async function receiveNotification(
  { apiKeys, ingester, rateLimiter }: ReceiveDependencies,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const form: FormSubmission | null = isFormPost(request) ? formSubmissionOf(request.body as FormFields) : null;
  const origin = requestOriginOf(request);
  // A person posting a plain form reads the answer in their browser: give them a page, not JSON.
  const wantsPage = form !== null && (request.headers.accept?.includes('text/html') ?? false);
  try {
    const key = apiKeyOfHeaders(request) ?? form?.apiKey ?? null;
    const authorise = async (fresh: boolean) => {
      const caller = (!fresh && request.apiKeyCaller) || (await apiKeys.authenticate(key, { fresh }));
      requireAllowedOrigin(caller, origin);
      return { caller, redirect: form?.redirect ? redirectTargetOrThrow(form.redirect, origin, caller) : null };
    };
    // A remembered key may predate a change to its allowed origins: it is refused on a fresh read only.
    let { caller, redirect } = await authorise(false).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'origin_not_allowed') return authorise(true);
      throw error;
    });
    const decision = rateLimiter.take(caller.apiKeyId);
    if (!decision.isAllowed)
      throw new AppError(
        'rate_limited',
        `Too many notifications for this API key. Retry in ${decision.retryAfterSeconds} s.`,
        {
          headers: { 'retry-after': String(decision.retryAfterSeconds) },
        },
      );
    const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
    if (form?.isBot) {
      // Answered like a success so the bot learns nothing; nothing is stored or counted.
      const decoy: NotifyResponse = {
        id: randomUUID(),
        flowId: String(form.input.flowId ?? ''),
        createdAt: new Date().toISOString(),
        status: 'accepted',
        test: false,
        unusedFields: [],
      };
      return replyToForm(reply, { redirect, wantsPage, origin }, decoy);
    }

    const input = parseOrThrow(NotifyRequestSchema, form ? form.input : request.body);
    let result: IngestResult | null = null;
    for (let freshReads = 0; !result; freshReads += 1) {
      try {
        result = await ingester.ingest(caller, input, idempotencyKey, { fresh: freshReads > 0 });
      } catch (error) {
        if (!(error instanceof StaleReadError) || freshReads === MAX_FRESH_READS) throw error;
        ({ caller, redirect } = await authorise(true));
      }
    }
    const { response, isReplay } = result;
    if (isReplay) reply.header('idempotent-replayed', 'true');
    if (form) return replyToForm(reply, { redirect, wantsPage, origin }, response);
    return reply.status(202).send(response);
  } catch (error) {
    if (!wantsPage || !(error instanceof AppError)) throw error;
    const page = formResultPage({ heading: 'Your message was not sent', detail: error.message, backTo: origin });
    return reply.status(error.status).headers(error.headers).type('text/html; charset=utf-8').send(page);
  }
}

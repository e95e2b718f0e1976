import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotifyRequestSchema, type NotifyResponse } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { parseOrThrow } from '../../http/parse.ts';
import type { DeliveryQueue } from '../../jobs/delivery-queue.ts';
import { authenticateApiKey } from '../api-keys/authenticate-api-key.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import { ingestNotification } from './ingest-notification.ts';
import { formSubmissionOf, type FormFields, type FormSubmission } from './notify-form.ts';
import { formResultPage } from './notify-form-page.ts';
import { redirectTargetOrThrow, requestOriginOf, requireAllowedOrigin } from './notify-origin.ts';
import type { RateLimiter } from './notify-rate-limiter.ts';

export type ReceiveDependencies = { db: Database; deliveryQueue: DeliveryQueue; rateLimiter: RateLimiter };

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
  { db, deliveryQueue, rateLimiter }: ReceiveDependencies,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const form: FormSubmission | null = isFormPost(request) ? formSubmissionOf(request.body as FormFields) : null;
  const origin = requestOriginOf(request);
  // A person posting a plain form reads the answer in their browser: give them a page, not JSON.
  const wantsPage = form !== null && (request.headers.accept?.includes('text/html') ?? false);
  try {
    const caller = request.apiKeyCaller ?? (await authenticateApiKey(db, form?.apiKey ?? null));
    requireAllowedOrigin(caller, origin);
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
    const redirect = form?.redirect ? redirectTargetOrThrow(form.redirect, origin, caller) : null;
    if (form?.isBot) {
      // Answered like a success so the bot learns nothing; nothing is stored or counted.
      const decoy: NotifyResponse = {
        id: randomUUID(),
        flowId: String(form.input.flowId ?? ''),
        createdAt: new Date().toISOString(),
        status: 'accepted',
      };
      return replyToForm(reply, { redirect, wantsPage, origin }, decoy);
    }

    const input = parseOrThrow(NotifyRequestSchema, form ? form.input : request.body);
    const { response, isReplay } = await ingestNotification(db, deliveryQueue, caller, input, idempotencyKey);
    if (isReplay) reply.header('idempotent-replayed', 'true');
    if (form) return replyToForm(reply, { redirect, wantsPage, origin }, response);
    return reply.status(202).send(response);
  } catch (error) {
    if (!wantsPage || !(error instanceof AppError)) throw error;
    const page = formResultPage({ heading: 'Your message was not sent', detail: error.message, backTo: origin });
    return reply.status(error.status).headers(error.headers).type('text/html; charset=utf-8').send(page);
  }
}

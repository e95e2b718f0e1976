import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  FORM_FIELDS,
  FORM_SOURCE_FIELDS,
  NotifyRequestSchema,
  TURNSTILE_FORM_FIELD,
  type NotificationSource,
  type NotifyRequest,
  type NotifyResponse,
} from '@leadbell/shared/notifications';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { parseOrThrow } from '../../http/parse.ts';
import type { ApiKeyAuthenticator, ApiKeyCaller } from '../api-keys/authenticate-api-key.ts';
import { recordRedirectProblem } from '../flows/record-redirect-problem.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import { StaleReadError, type IngestResult, type NotificationIngester } from './ingest-notification.ts';
import { formResultPage } from './notify-form-page.ts';
import { sourceInputOf } from './notify-form.ts';
import { allowedRedirectOf, pageUrlOf, requestOriginOf, requireAllowedOrigin } from './notify-origin.ts';
import { rateLimitHeaders } from './notify-rate.ts';

export type ReceiveDependencies = {
  db: Database;
  apiKeys: ApiKeyAuthenticator;
  ingester: NotificationIngester;
  /** The console's own origins: test notifications from them pass a key's origin limit (decision 021). */
  consoleOrigins: readonly string[];
  /** Who sent a test from the console: it rings them alone (issue 49). */
  findSessionUser: (request: FastifyRequest) => Promise<SessionUser | null>;
};

/** What arrived, before the key is checked: from JSON, a plain HTML form, or a webhook address. */
export type Submission = {
  source: NotificationSource;
  key: string | null;
  keyKind: ApiKeyCaller['kind'];
  /** Shaped like a JSON notify request once the caller is known (a webhook's flow is its token's). */
  inputOf: (caller: ApiKeyCaller) => unknown;
  isTest: boolean;
  shortenedFields: string[];
  /** A form's `_redirect`. */
  redirect: string | null;
  /** A form's honeypot was filled: the lead is quarantined as spam (decision 039). */
  isBot: boolean;
  /** A person posting a plain form reads the answer in their browser: a page, not JSON. */
  wantsPage: boolean;
};

// Reading afresh after a stale read settles it unless the key, flow or plan changes yet again meanwhile.
const MAX_FRESH_READS = 3;

const THANK_YOU = { heading: 'Thank you!', detail: 'Your message has been sent.' };
const NOT_SENT_HEADING = 'Your message could not be sent';

export function isFormPost(request: FastifyRequest): boolean {
  return request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
}

function formPage(
  reply: FastifyReply,
  status: number,
  text: { heading: string; detail: string },
  origin: string | null,
) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(formResultPage({ ...text, backTo: origin }));
}

/**
 * Accepts one submission to `POST /v1/notify` or a webhook address. Checks run cheapest first
 * (key, origin) so abuse costs little; the notification is validated by the same shared schema
 * whatever its shape and stored before the answer, by the statement that also takes the key's
 * rate from the bucket every server process shares (decision 028). A form's visitor always gets a
 * page or the form's redirect, never billing text; an owner's form mistake (a redirect to another
 * site, a field too long, the plan's limit) keeps the lead (decision 021).
 */
export async function receiveSubmission(
  { db, apiKeys, ingester, consoleOrigins, findSessionUser }: ReceiveDependencies,
  request: FastifyRequest,
  reply: FastifyReply,
  submission: Submission,
) {
  const origin = requestOriginOf(request);
  const isForm = submission.source === 'form';
  const isConsoleTest = submission.isTest && origin !== null && consoleOrigins.includes(origin);
  try {
    const authorise = async (fresh: boolean) => {
      const caller =
        (!fresh && request.apiKeyCaller) ||
        (await apiKeys.authenticate(submission.key, { fresh, kind: submission.keyKind }));
      if (!isConsoleTest) requireAllowedOrigin(caller, origin);
      return caller;
    };
    // A remembered key may predate a change to its allowed origins: it is refused on a fresh read only.
    let caller = await authorise(false).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'origin_not_allowed') return authorise(true);
      throw error;
    });
    const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
    const redirect = submission.redirect ? allowedRedirectOf(submission.redirect, origin, caller) : null;
    const input = withFormTokensLifted(parseOrThrow(NotifyRequestSchema, submission.inputOf(caller)));
    // Only a console test reads the session: a website's lead costs no session lookup.
    const sender = isConsoleTest ? await findSessionUser(request) : null;
    const testSentBy = sender?.entityId === caller.entityId ? sender.id : null;
    let result: IngestResult | null = null;
    for (let freshReads = 0; !result; freshReads += 1) {
      try {
        result = await ingester.ingest(
          caller,
          {
            input,
            idempotencyKey,
            source: submission.source,
            // The page the caller named; a browser's Referer is the page that posted (not the
            // visitor's referrer, which only the page itself knows).
            pageUrl: input.pageUrl ?? pageUrlOf(request),
            referrer: input.referrer ?? null,
            attribution: input.attribution ?? null,
            shortenedFields: submission.shortenedFields,
            honeypotFilled: submission.isBot,
            // A webhook address is called by a service's server, whatever headers it forwards.
            fromBrowser: isForm || (submission.source === 'api' && origin !== null),
            remoteIp: request.ip,
            testSentBy,
          },
          { fresh: freshReads > 0 },
        );
      } catch (error) {
        if (!(error instanceof StaleReadError) || freshReads === MAX_FRESH_READS) throw error;
        caller = await authorise(true);
      }
    }
    // Every post with a redirect settles the flow's flag: set for another site, cleared for an allowed one.
    if (submission.redirect) {
      await recordRedirectProblem(db, {
        flowId: input.flowId,
        entityId: caller.entityId,
        problemUrl: redirect ? null : submission.redirect,
      });
    }
    reply.headers(rateLimitHeaders(result.rate));
    if (result.isReplay) reply.header('idempotent-replayed', 'true');
    return replyAccepted(reply, submission, { redirect, origin }, result.response);
  } catch (error) {
    if (!submission.wantsPage || !(error instanceof AppError)) throw error;
    request.errorCode = error.code;
    reply.headers(error.headers);
    return formPage(reply, error.status, { heading: NOT_SENT_HEADING, detail: error.message }, origin);
  }
}

const LIFTED_FIELDS = new Set<string>([
  FORM_FIELDS.fillToken,
  TURNSTILE_FORM_FIELD,
  ...Object.values(FORM_SOURCE_FIELDS),
]);

/**
 * A script that sends a whole form as `data` (`Object.fromEntries(new FormData(form))`) carries the
 * form's tokens and the snippet's source fields among its fields: they are the request's, not the
 * visitor's words. Source fields are taken as a form's are: what does not fit is left out.
 */
function withFormTokensLifted(input: NotifyRequest): NotifyRequest {
  const data = input.data;
  if (!data || !Object.keys(data).some((name) => LIFTED_FIELDS.has(name))) return input;
  const lifted = Object.fromEntries(Object.entries(data).filter(([name]) => LIFTED_FIELDS.has(name)));
  const visitorData = Object.fromEntries(Object.entries(data).filter(([name]) => !LIFTED_FIELDS.has(name)));
  const text = (name: string) => {
    const value = lifted[name];
    return typeof value === 'string' && value ? value : undefined;
  };
  const sources = sourceInputOf(text);
  return {
    ...input,
    data: Object.keys(visitorData).length > 0 ? visitorData : undefined,
    fillToken: input.fillToken ?? text(FORM_FIELDS.fillToken),
    turnstileToken: input.turnstileToken ?? text(TURNSTILE_FORM_FIELD),
    pageUrl: input.pageUrl ?? sources.pageUrl,
    referrer: input.referrer ?? sources.referrer,
    attribution: input.attribution ?? sources.attribution,
  };
}

function replyAccepted(
  reply: FastifyReply,
  submission: Submission,
  { redirect, origin }: { redirect: string | null; origin: string | null },
  response: NotifyResponse,
) {
  if (submission.source !== 'form') return reply.status(202).send(response);
  if (redirect) return reply.redirect(redirect, 303);
  if (!submission.wantsPage) return reply.status(202).send(response);
  return formPage(reply, 202, THANK_YOU, origin);
}

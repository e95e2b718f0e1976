import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { TEST_NOTIFICATIONS_PER_MONTH, notificationLimitOf, type BillingPeriod } from '@leadbell/shared/billing';
import type { Attribution } from '@leadbell/shared/lead-sources';
import {
  NotifyRequestSchema,
  type NotificationSource,
  type NotifyRequest,
  type NotifyResponse,
} from '@leadbell/shared/notifications';
import { getPlan } from '@leadbell/shared/plans';
import { isOpenAt, nextOpeningAt, type WeeklySchedule } from '@leadbell/shared/business-hours';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { flows } from '../../db/schema/flows.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { ApiKeyCaller } from '../api-keys/authenticate-api-key.ts';
import { billingColumns, createBillingStateMemo, type BillingState } from '../../lib/billing-state.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import type { FillTimeTokens } from '../spam/fill-time-token.ts';
import { messageFingerprint, requestSignalsOf, senderFingerprint } from '../spam/spam-score.ts';
import type { CaptchaVerdict, TurnstileVerifier } from '../spam/turnstile.ts';
import { createAcceptBatcher, type AcceptItem, type AcceptOutcome } from './accept-batcher.ts';
import { leadSourceOf } from './lead-source.ts';
import { createLeadTextRenderer } from './render-lead-text.ts';
import { rateLimitHeaders, rateLimitedError, type NotifyRate, type RateDecision } from './notify-rate.ts';

/** `rate`: the key's rate decision, for the RateLimit headers. */
export type IngestResult = { response: NotifyResponse; isReplay: boolean; rate: RateDecision };

/** One notification to ingest, with where it came from. */
export type IngestRequest = {
  input: NotifyRequest;
  idempotencyKey: string | null;
  source: NotificationSource;
  /** The page it was sent from, when the caller or the browser said. */
  pageUrl: string | null;
  /** The page that brought the visitor to the site, when the caller said. */
  referrer: string | null;
  /** The landing page's campaign parameters, when the caller said. */
  attribution: Attribution | null;
  /** Fields a form or webhook had cut to their limits. */
  shortenedFields: string[];
  /** A form's hidden field was filled: people never see it, so a bot did (decision 039). */
  honeypotFilled: boolean;
  /**
   * From a browser (a form, or a script whose request has an Origin): its page can fetch a
   * fill-time token, so one missing counts, and a flow's CAPTCHA applies. A server has neither.
   */
  fromBrowser: boolean;
  /** The visitor's address, for Turnstile's check. */
  remoteIp: string;
  /** The member who sent a test from the console, which rings them alone; null otherwise. */
  testSentBy: string | null;
};

/** The remembered key, flow or plan changed since it was read: read afresh and ingest again. */
export class StaleReadError extends Error {
  constructor() {
    super('The API key, flow or plan changed while the notification was being accepted.');
  }
}

export type NotificationIngester = {
  ingest: (caller: ApiKeyCaller, request: IngestRequest, options: { fresh: boolean }) => Promise<IngestResult>;
  /**
   * Rehearses a sample lead up to its accept (decisions 092 and 093): one of the installation's
   * flows read as a lead reads it (a sample flow on a fresh installation), the lead made of it, and
   * the accept's statement run for no lead, on a connection of the pool. Their first run compiles
   * their code and prepares their statements, which cost a start's first lead 7–11 ms of its
   * answer. Writes nothing.
   */
  warmUp: () => Promise<void>;
};

// What warmUp sends through: a website's lead as one arrives, with each kind of field the signals read.
const SAMPLE_LEAD = {
  flowId: '00000000-0000-4000-8000-000000000000',
  title: 'New inquiry from {{name}}',
  message: '{{message}}',
  data: {
    name: 'Ana Sample',
    email: 'ana@example.com',
    phone: '+1 415 555 0100',
    message: 'Hello, do you deliver on Sundays? See https://example.com/order for what I need.',
  },
  pageUrl: 'https://example.com/contact',
  referrer: 'https://www.google.com/',
};

// As a server sends it: a browser's would have its flow's CAPTCHA verified, a request to Turnstile.
const SAMPLE_REQUEST: Omit<IngestRequest, 'input'> = {
  idempotencyKey: null,
  source: 'api',
  pageUrl: SAMPLE_LEAD.pageUrl,
  referrer: SAMPLE_LEAD.referrer,
  attribution: null,
  shortenedFields: [],
  honeypotFilled: false,
  fromBrowser: false,
  remoteIp: '127.0.0.1',
  testSentBy: null,
};

const FOREIGN_KEY_VIOLATION = '23503';

type TimerInputs = {
  responseTargetMinutes: number;
  isUrgent: boolean;
  timeZone: string;
  businessHours: WeeklySchedule | null;
};

/**
 * When a lead's response timer starts and whether it rings now (decision 025): at once while the
 * business is open or for an urgent flow; otherwise it rings nobody and its timer starts at the
 * next opening. Tests and spam are not leads anyone answers: no timer, no escalation, no insights.
 */
function responseTimerOf(
  flow: TimerInputs,
  { isTimed, now }: { isTimed: boolean; now: Date },
): Pick<AcceptItem, 'isAfterHours' | 'responseStartedAt' | 'responseTargetSeconds'> {
  if (!isTimed) return { isAfterHours: false, responseStartedAt: null, responseTargetSeconds: null };
  const hours = { timeZone: flow.timeZone, schedule: flow.businessHours };
  const isOpen = flow.isUrgent || isOpenAt(hours, now);
  const startsAt = isOpen ? now : nextOpeningAt(hours, now);
  return {
    isAfterHours: !isOpen,
    responseStartedAt: startsAt,
    responseTargetSeconds: flow.responseTargetMinutes * 60,
  };
}

function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof Error && (error as Partial<pg.DatabaseError>).code === FOREIGN_KEY_VIOLATION;
}

function testLimitError(period: BillingPeriod, now: Date, rate: RateDecision): AppError {
  const retryAfter = Math.max(1, Math.ceil((period.end.getTime() - now.getTime()) / 1000));
  return new AppError(
    'rate_limited',
    `Test notifications are limited to ${TEST_NOTIFICATIONS_PER_MONTH} a month; the allowance renews with the next billing month.`,
    { headers: { ...rateLimitHeaders(rate), 'retry-after': String(retryAfter) } },
  );
}

/**
 * Stores a notification a website sent: the flow's templates (or the request's own title and
 * message) filled from `data`. The lead (in lead_intake), its count against the plan, the
 * idempotency record and one intake job for its batch commit together, in a batch with others
 * (accept-batcher.ts, db/functions/20-accept.sql), so a 202 always means stored and queued, and a
 * refusal leaves nothing behind. Everything else the lead gets (its row in notifications, the
 * flow's counters, its deliveries and their jobs, alerts, search text) the worker's take derives
 * from the intake job after the commit (decision 038, db/functions/30-take.sql). The flow and plan
 * it renders from are remembered per process and verified where they are used; workers (and,
 * for a held lead, consoles) hear of the batch at its commit (decision 088). The key's rate is taken in the
 * same statement, from a bucket every server process shares (decision 028).
 */
export function createNotificationIngester({
  db,
  pool,
  clock,
  rate,
  spam,
}: {
  db: Database;
  pool: pg.Pool;
  clock: Clock;
  rate: NotifyRate;
  /** The spam verdict's tools (decision 039); without them no lead is judged (the benchmark's baseline). */
  spam: { fillTimeTokens: FillTimeTokens; verifyTurnstile: TurnstileVerifier; cipher: ApiKeyCipher } | null;
}): NotificationIngester {
  const findFlow = db
    .select({
      title: flows.title,
      message: flows.message,
      responseTargetMinutes: flows.responseTargetMinutes,
      isUrgent: flows.isUrgent,
      timeZone: entities.timeZone,
      businessHours: entities.businessHours,
      turnstileSecret: flows.turnstileSecret,
      ...billingColumns,
    })
    .from(flows)
    .innerJoin(entities, eq(entities.id, flows.entityId))
    .where(and(eq(flows.id, sql.placeholder('flowId')), eq(flows.entityId, sql.placeholder('entityId'))))
    .prepare('ingest_find_flow');
  type RememberedFlow = Awaited<ReturnType<typeof findFlow.execute>>[number];
  // What the warm-up rehearses with: one of the installation's flows that can take a lead, read as
  // a lead reads it, or on a fresh installation this one.
  const findAnyFlow = db
    .select({ flowId: flows.id, entityId: flows.entityId })
    .from(flows)
    .innerJoin(entities, eq(entities.id, flows.entityId))
    .where(and(isNotNull(entities.plan), isNotNull(entities.planSelectedAt)))
    .limit(1);
  const sampleFlow: RememberedFlow = {
    title: SAMPLE_LEAD.title,
    message: SAMPLE_LEAD.message,
    responseTargetMinutes: 5,
    isUrgent: false,
    timeZone: 'Europe/Berlin',
    businessHours: null,
    turnstileSecret: null,
    plan: 'starter',
    planSelectedAt: new Date(),
    pendingPlan: null,
    pendingPlanFrom: null,
  };
  const batcher = createAcceptBatcher(pool, rate);
  const rememberedFlows = createTtlCache<string, RememberedFlow>({ ttlMs: 60_000, maxEntries: 10_000 });
  // Worked out again only when a month ends or a pending plan starts, not for every lead.
  const billingOf = createBillingStateMemo<RememberedFlow>();
  const leadText = createLeadTextRenderer();

  async function flowOf(caller: ApiKeyCaller, flowId: string, fresh: boolean): Promise<RememberedFlow> {
    const cacheKey = `${caller.entityId} ${flowId}`;
    const known = fresh ? undefined : rememberedFlows.get(cacheKey);
    if (known) return known;
    const [flow] = await findFlow.execute({ flowId, entityId: caller.entityId });
    if (!flow) {
      rememberedFlows.delete(cacheKey);
      throw new AppError('not_found', 'Flow not found.');
    }
    rememberedFlows.set(cacheKey, flow);
    return flow;
  }

  /** Turnstile's answer for a flow that asks for the CAPTCHA, on a submission from a browser. */
  async function captchaOf(flow: RememberedFlow, request: IngestRequest): Promise<CaptchaVerdict> {
    if (!spam || !flow.turnstileSecret || !request.fromBrowser) return 'not_applicable';
    let secret: string;
    try {
      secret = spam.cipher.decrypt(flow.turnstileSecret);
    } catch {
      // Sealed under another API_KEY_ENCRYPTION_KEY: the owner's setup, never the visitor's fault.
      return 'unverified';
    }
    return spam.verifyTurnstile({ secret, token: request.input.turnstileToken ?? null, remoteIp: request.remoteIp });
  }

  /** The request's own spam signals, for the worker's verdict (decision 039); null for a test, never judged. */
  async function spamOf(flow: RememberedFlow, request: IngestRequest, now: Date): Promise<AcceptItem['spam']> {
    const { input } = request;
    if (!spam || input.test) return null;
    const data = input.data ?? null;
    const fillTime = spam.fillTimeTokens.judge(input.fillToken ?? null, {
      flowId: input.flowId,
      now,
      expected: request.fromBrowser,
    });
    return {
      reasons: requestSignalsOf({
        data,
        honeypotFilled: request.honeypotFilled,
        fillTime: fillTime.verdict,
        captcha: await captchaOf(flow, request),
      }),
      messageFingerprint: messageFingerprint(data),
      senderFingerprint: senderFingerprint(data),
      fillToken: fillTime.nonce,
    };
  }

  /** The lead as the accept stores it, made of the request and its flow at `now`. */
  async function acceptItemOf(
    caller: Pick<ApiKeyCaller, 'apiKeyId' | 'entityId' | 'allowedOrigins'>,
    request: IngestRequest,
    flow: RememberedFlow,
    now: Date,
  ): Promise<{ item: AcceptItem; billing: BillingState }> {
    const { input, idempotencyKey, source, pageUrl, referrer, shortenedFields } = request;
    const billing = billingOf(flow, now);
    const { title, message, unusedFields } = leadText.render(
      input.title ?? flow.title,
      input.message ?? flow.message,
      input.data ?? {},
    );
    const isTest = input.test ?? false;
    // Judged by the worker before anything rings (decision 039): spam is stored, and counts nowhere.
    const spamItem = await spamOf(flow, request, now);
    // Pure CPU on what arrived (decision 048): no statement is added before the answer.
    const { trafficSource, attribution } = leadSourceOf({ pageUrl, referrer, attribution: request.attribution });
    const item: AcceptItem = {
      entityId: caller.entityId,
      apiKeyId: caller.apiKeyId,
      allowedOrigins: caller.allowedOrigins,
      flowId: input.flowId,
      flowTitle: flow.title,
      flowMessage: flow.message,
      plan: flow.plan,
      planSelectedAt: flow.planSelectedAt,
      pendingPlan: flow.pendingPlan,
      pendingPlanFrom: flow.pendingPlanFrom,
      periodStart: billing.period.start,
      notificationLimit: notificationLimitOf(billing.plan),
      includedNotifications: getPlan(billing.plan).includedNotifications,
      isTest,
      testSentBy: isTest ? request.testSentBy : null,
      testLimit: TEST_NOTIFICATIONS_PER_MONTH,
      title,
      message,
      url: input.url ?? null,
      data: input.data ?? null,
      source,
      // A webhook address is called by a service's server, but on behalf of the public.
      isPublic: request.fromBrowser || source === 'hook',
      pageUrl,
      referrer,
      attribution,
      trafficSource,
      shortenedFields,
      unusedFields,
      idempotencyKey,
      ...responseTimerOf(flow, { isTimed: !isTest, now }),
      spam: spamItem,
    };
    return { item, billing };
  }

  return {
    async warmUp() {
      // No flow has the sample's id: on a fresh installation the read finds none, and prepares.
      const [known = { flowId: SAMPLE_LEAD.flowId, entityId: SAMPLE_LEAD.flowId }] = await findAnyFlow;
      const [flow = sampleFlow] = await findFlow.execute(known);
      const request = { ...SAMPLE_REQUEST, input: NotifyRequestSchema.parse(SAMPLE_LEAD) };
      const caller = { apiKeyId: SAMPLE_LEAD.flowId, entityId: known.entityId, allowedOrigins: [] };
      await acceptItemOf(caller, request, flow, clock.now());
      await batcher.warmUp();
    },

    async ingest(caller, request, { fresh }) {
      const { input } = request;
      // A webhook token notifies its own flow only: any other answers as an unknown flow would.
      if (caller.flowId && caller.flowId !== input.flowId) throw new AppError('not_found', 'Flow not found.');
      const flow = await flowOf(caller, input.flowId, fresh);
      const now = clock.now();
      const { item, billing } = await acceptItemOf(caller, request, flow, now);
      let accepted: AcceptOutcome;
      try {
        accepted = await batcher.accept(item);
      } catch (error) {
        // The flow or the key was deleted between reading and accepting.
        if (isForeignKeyViolation(error)) throw new StaleReadError();
        throw error;
      }
      switch (accepted.outcome) {
        case 'accepted':
        case 'held':
          return { response: accepted.response, isReplay: false, rate: accepted.rate };
        case 'replay':
          return { response: accepted.response, isReplay: true, rate: accepted.rate };
        case 'rate_limited':
          throw rateLimitedError(accepted.rate);
        case 'test_limit':
          throw testLimitError(billing.period, now, accepted.rate);
        case 'stale':
          rememberedFlows.delete(`${caller.entityId} ${input.flowId}`);
          throw new StaleReadError();
      }
    },
  };
}

import type pg from 'pg';
import type { Attribution, TrafficSource } from '@leadbell/shared/lead-sources';
import { HELD_WARNING, type NotificationSource, type NotifyResponse } from '@leadbell/shared/notifications';
import { DELIVERY_JOBS_CHANNEL, OUTBOX_WAKE_UP } from '../../jobs/wake-delivery-workers.ts';
import { NOTIFICATIONS_CHANNEL } from '../events/notification-hub.ts';
import type { SpamReason } from '../spam/spam-score.ts';
import { allowedRate, refusedRate, type NotifyRate, type RateDecision, type RateRefusal } from './notify-rate.ts';
import { createRateLeases } from './rate-leases.ts';

/** One notification to accept, with the key, flow and plan its title and message were rendered from. */
export type AcceptItem = {
  entityId: string;
  apiKeyId: string;
  allowedOrigins: string[];
  flowId: string;
  flowTitle: string;
  flowMessage: string;
  plan: string | null;
  planSelectedAt: Date | null;
  pendingPlan: string | null;
  pendingPlanFrom: Date | null;
  periodStart: Date;
  notificationLimit: number | null;
  includedNotifications: number;
  isTest: boolean;
  /** A test's sender from the console: it rings them alone (leadbell_queue_deliveries). */
  testSentBy: string | null;
  testLimit: number;
  title: string;
  message: string;
  url: string | null;
  data: Record<string, unknown> | null;
  source: NotificationSource;
  /**
   * A public submission (a form post, a webhook delivery, a browser's call with an Origin): it
   * counts toward its form's flood; a call from the business's own server does not (issue 46).
   */
  isPublic: boolean;
  pageUrl: string | null;
  /** Where the lead came from (decision 048), derived while the request was read. */
  referrer: string | null;
  attribution: Attribution | null;
  trafficSource: TrafficSource | null;
  shortenedFields: string[];
  unusedFields: string[];
  idempotencyKey: string | null;
  /**
   * Decision 025: closed for business (rings nobody); the response timer's start (null for a test,
   * or a schedule that never opens: no escalation) and length.
   */
  isAfterHours: boolean;
  responseStartedAt: Date | null;
  responseTargetSeconds: number | null;
  /** Decision 039: the request's spam signals and fingerprints, for the worker's verdict; null for a test. */
  spam: {
    reasons: SpamReason[];
    messageFingerprint: string | null;
    senderFingerprint: string | null;
    /** The nonce of the form's genuine fill-time token. */
    fillToken: string | null;
  } | null;
};

/** Every outcome but `stale` took a token from the key's bucket: `rate` is the decision. */
export type AcceptOutcome =
  | { outcome: 'accepted' | 'held'; response: NotifyResponse; rate: RateDecision }
  | { outcome: 'replay'; response: NotifyResponse; rate: RateDecision }
  | { outcome: 'test_limit'; rate: RateDecision }
  | { outcome: 'rate_limited'; rate: RateRefusal }
  | { outcome: 'stale' };

type OutcomeRow = {
  item: number;
  outcome: AcceptOutcome['outcome'];
  /** As stored for replays: without the flag and words a held answer adds (answerOf). */
  response: Omit<NotifyResponse, 'held' | 'warning'>;
  rate_tokens: number | null;
};

export type AcceptBatcher = {
  accept: (item: AcceptItem) => Promise<AcceptOutcome>;
  /** Prepares the accept's statement on a connection of the pool by running it for no item (decision 093). */
  warmUp: () => Promise<void>;
};

type Waiting = {
  item: AcceptItem;
  /** Charged from this process's lease of its key's tokens: what the key has left; else null. */
  leasedRateTokens: number | null;
  resolve: (outcome: AcceptOutcome) => void;
  reject: (error: unknown) => void;
};

// A procedure (decision 088): the batch is seen, and the workers woken, at its first commit; the
// call returns at the second, once the disk holds the batch.
const ACCEPT_NOTIFICATIONS = 'call leadbell_accept_notifications_durably($1, $2, $3, $4, $5, $6, null)';
const MAX_BATCH_SIZE = 64;
// While a batch runs, another starts only for this many waiting items: a commit for every few
// items costs the database more than the moment they wait for the running batch.
const MIN_CONCURRENT_BATCH_SIZE = 16;
// …or once every running batch has run this long, which an accept takes only when the disk is slow
// to flush (a few milliseconds otherwise): the next batch goes beside it, its leads seen and rung
// at its commit (decision 088), not after the stalled flush.
const SLOW_BATCH_MS = 10;

// A field that is null is left out (undefined): leadbell_batch_items reads it as null all the
// same, and the batch's JSON is shorter for this process to write and for PostgreSQL to parse.
function toRecord({ item, leasedRateTokens }: Waiting, index: number) {
  return {
    item: index,
    entity_id: item.entityId,
    api_key_id: item.apiKeyId,
    allowed_origins: item.allowedOrigins,
    flow_id: item.flowId,
    flow_title: item.flowTitle,
    flow_message: item.flowMessage,
    plan: item.plan ?? undefined,
    plan_selected_at: item.planSelectedAt ?? undefined,
    pending_plan: item.pendingPlan ?? undefined,
    pending_plan_from: item.pendingPlanFrom ?? undefined,
    period_start: item.periodStart,
    notification_limit: item.notificationLimit ?? undefined,
    included_notifications: item.includedNotifications,
    is_test: item.isTest,
    test_sent_by: item.testSentBy ?? undefined,
    test_limit: item.testLimit,
    title: item.title,
    message: item.message,
    url: item.url ?? undefined,
    data: item.data ?? undefined,
    source: item.source,
    is_public: item.isPublic,
    page_url: item.pageUrl ?? undefined,
    referrer: item.referrer ?? undefined,
    attribution: item.attribution ?? undefined,
    traffic_source: item.trafficSource ?? undefined,
    shortened_fields: item.shortenedFields,
    unused_fields: item.unusedFields,
    idempotency_key: item.idempotencyKey ?? undefined,
    is_after_hours: item.isAfterHours,
    response_started_at: item.responseStartedAt ?? undefined,
    response_target_seconds: item.responseTargetSeconds ?? undefined,
    spam_reasons: item.spam?.reasons,
    message_fingerprint: item.spam?.messageFingerprint ?? undefined,
    sender_fingerprint: item.spam?.senderFingerprint ?? undefined,
    fill_token: item.spam?.fillToken ?? undefined,
    rate_tokens: leasedRateTokens ?? undefined,
  };
}

function answerOf(stored: OutcomeRow['response']): NotifyResponse {
  return stored.status === 'held' ? { ...stored, held: true, warning: HELD_WARNING } : { ...stored, held: false };
}

function outcomeOf(row: OutcomeRow, rate: NotifyRate): AcceptOutcome {
  if (row.outcome === 'stale' || row.rate_tokens === null) return { outcome: 'stale' };
  if (row.outcome === 'rate_limited') return { outcome: row.outcome, rate: refusedRate(rate, row.rate_tokens) };
  const decision = allowedRate(rate, row.rate_tokens);
  if (row.outcome === 'accepted' || row.outcome === 'held')
    return { outcome: row.outcome, response: answerOf(row.response), rate: decision };
  if (row.outcome === 'replay') return { outcome: 'replay', response: answerOf(row.response), rate: decision };
  return { outcome: row.outcome, rate: decision };
}

/**
 * Accepts notifications in batches (decision 020): each batch is one call of
 * leadbell_accept_notifications_durably, one transaction for all its items, seen at its commit and
 * answered once the disk holds it (decision 088), which also takes each key's tokens from its bucket, shared by every server process
 * (decision 028), but for a hot key's requests, charged beforehand from this process's lease of
 * its tokens (decision 059). A request never waits for a batch to fill: when no batch is running
 * its item goes at once, alone if need be; under load, the items that arrive while a batch runs
 * go together in the next, which starts beside it once 16 wait or once it has run SLOW_BATCH_MS.
 * Each item still gets its own outcome, and each answer still waits until the disk holds it.
 */
const DEADLOCK_DETECTED = '40P01';
const MAX_DEADLOCK_RETRIES = 3;

function isDeadlock(error: unknown): boolean {
  return error instanceof Error && (error as Partial<pg.DatabaseError>).code === DEADLOCK_DETECTED;
}

export function createAcceptBatcher(pool: pg.Pool, rate: NotifyRate): AcceptBatcher {
  // At most half the pool, so sessions, consoles and cache misses always find a connection.
  const maxRunning = Math.max(1, Math.floor((pool.options.max ?? 10) / 2));
  const waiting: Waiting[] = [];
  const leases = createRateLeases(pool, rate);
  let running = 0;
  // Running batches that have run SLOW_BATCH_MS.
  let slow = 0;

  const acceptStatement = (batch: Waiting[]) =>
    pool.query<{ p_outcomes: OutcomeRow[] }>({
      name: 'accept_notifications',
      text: ACCEPT_NOTIFICATIONS,
      values: [
        JSON.stringify(batch.map(toRecord)),
        rate.ratePerSecond,
        rate.burst,
        DELIVERY_JOBS_CHANNEL,
        OUTBOX_WAKE_UP,
        NOTIFICATIONS_CHANNEL,
      ],
    });

  async function run(batch: Waiting[], deadlocksSurvived = 0): Promise<void> {
    let rows: OutcomeRow[];
    try {
      const { rows: answer } = await acceptStatement(batch);
      rows = answer[0]!.p_outcomes;
    } catch (error) {
      // Whatever failed, the batch rolled back (after its commit, only a connection or PostgreSQL
      // lost while the disk flushed it can fail, an outcome unknown as with any commit's): each
      // item tries again alone, so one item's
      // failure (or a deadlock with another batch) reaches only its own request. A deadlock with the
      // worker's take, which moves the same entity's leads and counts (decision 039), is over once
      // PostgreSQL has broken it: a lone item tries again rather than answering 500.
      if (batch.length > 1) await Promise.all(batch.map((entry) => run([entry])));
      else if (isDeadlock(error) && deadlocksSurvived < MAX_DEADLOCK_RETRIES) await run(batch, deadlocksSurvived + 1);
      else batch[0]!.reject(error);
      return;
    }
    for (const row of rows) {
      const entry = batch[row.item]!;
      const outcome = outcomeOf(row, rate);
      // Its retry, with the key, flow and plan read afresh, is charged again.
      if (outcome.outcome === 'stale' && entry.leasedRateTokens !== null) leases.giveBack(entry.item.apiKeyId);
      entry.resolve(outcome);
    }
  }

  function startBatches(): void {
    while (
      waiting.length > 0 &&
      (running === 0 || (running < maxRunning && (running === slow || waiting.length >= MIN_CONCURRENT_BATCH_SIZE)))
    ) {
      running += 1;
      let isSlow = false;
      const slowTimer = setTimeout(() => {
        isSlow = true;
        slow += 1;
        startBatches();
      }, SLOW_BATCH_MS);
      void run(waiting.splice(0, MAX_BATCH_SIZE)).finally(() => {
        clearTimeout(slowTimer);
        running -= 1;
        if (isSlow) slow -= 1;
        startBatches();
      });
    }
  }

  return {
    accept(item) {
      return new Promise<AcceptOutcome>((resolve, reject) => {
        waiting.push({ item, leasedRateTokens: leases.take(item.apiKeyId), resolve, reject });
        startBatches();
      });
    },
    async warmUp() {
      await acceptStatement([]);
    },
  };
}

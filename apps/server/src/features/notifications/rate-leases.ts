import type pg from 'pg';
import type { NotifyRate } from './notify-rate.ts';

// A key is hot once this process accepts this many of its requests within one window: its
// requests are then charged from a lease of its tokens, in memory. A colder key is charged from
// its bucket in each batch's statement, exactly, as before (decision 059).
const HOT_REQUESTS_PER_WINDOW = 16;
const WINDOW_MS = 500;
// Leased tokens are spent within this or dropped: a lease is a moment's demand, never a reserve
// that lets a key past its burst once its bucket has refilled.
const LEASE_MS = 1000;
// Keys with nothing leased and no request for this long are forgotten.
const IDLE_MS = 10_000;

const LEASE_RATE_TOKENS = 'select granted, tokens from leadbell_lease_rate_tokens($1, $2, $3, $4)';

type KeyLease = {
  /** Leased tokens not yet spent. */
  tokens: number;
  /** What the key's shared bucket held after the last grant: the rest of the RateLimit-Remaining. */
  bucketTokens: number;
  expiresAt: number;
  windowStart: number;
  /** Requests in the current window, and in the one before it. */
  seen: number;
  seenBefore: number;
  isLeasing: boolean;
  /** When a lease may be asked for again after one that found nothing leasable. */
  askAgainAt: number;
};

export type RateLeases = {
  /**
   * Charges one request of the key to this process's lease: the tokens the key has left as this
   * process sees them, or null when it holds no lease (the batch charges the key's bucket).
   */
  take: (apiKeyId: string) => number | null;
  /** Gives a token back to its lease, for a request that went no further and whose retry takes one. */
  giveBack: (apiKeyId: string) => void;
};

/**
 * Per-process leases of hot keys' rate tokens (decision 059): a key this process hears from often
 * has its tokens leased from the shared bucket a half-second's demand at a time, in a short
 * statement of its own, ahead of need; its batches then carry their requests already charged. The
 * bucket stays the one truth across processes: a lease takes only tokens the bucket holds, and
 * only above half its burst, so a key near its limit is charged in each batch, exactly (how exact
 * the rest is: the decision record).
 */
export function createRateLeases(pool: pg.Pool, rate: NotifyRate, now: () => number = Date.now): RateLeases {
  const leases = new Map<string, KeyLease>();
  let nextSweepAt = now() + IDLE_MS;

  function forgetIdleKeys(at: number): void {
    if (at < nextSweepAt) return;
    nextSweepAt = at + IDLE_MS;
    for (const [apiKeyId, lease] of leases)
      if (!lease.isLeasing && lease.windowStart + IDLE_MS < at && (lease.tokens === 0 || lease.expiresAt <= at))
        leases.delete(apiKeyId);
  }

  function leaseOf(apiKeyId: string, at: number): KeyLease {
    let lease = leases.get(apiKeyId);
    if (!lease) {
      lease = {
        tokens: 0,
        bucketTokens: 0,
        expiresAt: 0,
        windowStart: at,
        seen: 0,
        seenBefore: 0,
        isLeasing: false,
        askAgainAt: 0,
      };
      leases.set(apiKeyId, lease);
    }
    if (at - lease.windowStart >= WINDOW_MS) {
      lease.seenBefore = at - lease.windowStart < 2 * WINDOW_MS ? lease.seen : 0;
      lease.seen = 0;
      lease.windowStart = at;
    }
    if (lease.expiresAt <= at) lease.tokens = 0;
    return lease;
  }

  /** How long a bucket holding `tokens` takes to hold a token above half its burst: the least a lease takes. */
  function msUntilLeasable(tokens: number): number {
    return (Math.max(0, rate.burst / 2 + 1 - tokens) / rate.ratePerSecond) * 1000;
  }

  function renew(apiKeyId: string, lease: KeyLease, want: number): void {
    lease.isLeasing = true;
    pool
      .query<{ granted: number; tokens: number }>({
        name: 'lease_rate_tokens',
        text: LEASE_RATE_TOKENS,
        values: [apiKeyId, want, rate.ratePerSecond, rate.burst],
      })
      .then(({ rows: [granted] }) => {
        const at = now();
        if (!granted || granted.granted === 0) {
          // Nothing leasable: the bucket holds half its burst or less, and the key's batches charge
          // it. Asked again at once, a key at its limit (when it sends the most) would cost a
          // statement for every request it sends; the bucket can hold more only once it refills.
          lease.askAgainAt = at + (granted ? msUntilLeasable(granted.tokens) : LEASE_MS);
          return;
        }
        lease.tokens = (lease.expiresAt > at ? lease.tokens : 0) + granted.granted;
        lease.bucketTokens = granted.tokens;
        lease.expiresAt = at + LEASE_MS;
      })
      // Without a lease the batches charge the bucket themselves, and report an outage themselves.
      .catch(() => undefined)
      .finally(() => {
        lease.isLeasing = false;
      });
  }

  return {
    take(apiKeyId) {
      const at = now();
      forgetIdleKeys(at);
      const lease = leaseOf(apiKeyId, at);
      lease.seen += 1;
      const demand = Math.max(lease.seen, lease.seenBefore);
      if (demand >= HOT_REQUESTS_PER_WINDOW && !lease.isLeasing && lease.tokens < demand / 2 && at >= lease.askAgainAt)
        renew(apiKeyId, lease, demand);
      if (lease.tokens < 1) return null;
      lease.tokens -= 1;
      return lease.bucketTokens + lease.tokens;
    },
    giveBack(apiKeyId) {
      const lease = leases.get(apiKeyId);
      if (lease && lease.expiresAt > now()) lease.tokens += 1;
    },
  };
}

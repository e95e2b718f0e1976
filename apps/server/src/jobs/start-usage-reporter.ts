import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { BillingConfig } from '../features/billing/billing-config.ts';
import { reportOverage } from '../features/billing/report-overage.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * Reports overage to Stripe's meter every interval (decision 050), in worker processes only, so
 * ingestion never waits on Stripe. A failed tick leaves its unsent steps for the next; a tick
 * never overlaps the previous one in this process, and steps make overlapping processes harmless.
 */
export function startUsageReporter({
  db,
  billing,
  clock,
  intervalMs,
  log,
}: {
  db: Database;
  billing: BillingConfig;
  clock: Clock;
  intervalMs: number;
  log: FastifyBaseLogger;
}): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= reportOverage(db, billing, { now: clock.now(), log })
      .catch((error: unknown) =>
        log.warn({ err: error }, 'usage reporter: reporting overage to Stripe failed; it tries again next tick'),
      )
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

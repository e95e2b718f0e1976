import type { FastifyBaseLogger } from 'fastify';
import { LEAD_RESTORABLE_DAYS } from '@leadbell/shared/leads';
import type { Database } from '../db/client.ts';
import { morningSummariesDue } from '../features/digests/send-morning-summaries.ts';
import { weeklyReportsDue } from '../features/digests/send-weekly-reports.ts';
import type { Clock } from '../lib/clock.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deleteSpentAllowances } from '../features/allowances/delete-spent-allowances.ts';
import { deleteExpiredLeads } from '../features/leads/delete-expired-leads.ts';
import { deleteExpiredIdempotencyKeys } from '../features/notifications/delete-expired-idempotency-keys.ts';
import { deleteExpiredSpam, SPAM_KEPT_DAYS } from '../features/spam/delete-expired-spam.ts';
import { deleteSpentSpamSignals } from '../features/spam/delete-spent-spam-signals.ts';

/**
 * Looks for due digests every interval (decision 025) on the clock the app reads. Each digest is
 * recorded in `entity_digests` before its mails go, so several processes ticking at once send it
 * once; a tick never overlaps the previous one in this process. Each tick also deletes for good
 * the quarantined spam and the deleted leads past their 30 days, the spent allowances, the spam
 * signals past a day and the idempotency keys past theirs.
 */
export function startScheduler({
  db,
  mailer,
  clock,
  publicUrl,
  intervalMs,
  log,
}: {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  intervalMs: number;
  log: FastifyBaseLogger;
}): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = async () => {
    const now = clock.now();
    const mails = [
      ...(await morningSummariesDue(db, { now, publicUrl })),
      ...(await weeklyReportsDue(db, { now, publicUrl })),
    ];
    for (const mail of mails)
      await mailer.send(mail).catch((error: unknown) => log.error({ err: error, to: mail.to }, 'a digest mail failed'));
    const deleted = await deleteExpiredSpam(db, now);
    if (deleted > 0) log.info({ deleted }, `deleted ${deleted} quarantined leads older than ${SPAM_KEPT_DAYS} days`);
    const purged = await deleteExpiredLeads(db, now);
    if (purged > 0)
      log.info({ purged }, `deleted for good ${purged} leads deleted more than ${LEAD_RESTORABLE_DAYS} days ago`);
    await deleteSpentAllowances(db);
    await deleteSpentSpamSignals(db);
    await deleteExpiredIdempotencyKeys(db);
  };
  const timer = setInterval(() => {
    running ??= tick()
      .catch((error: unknown) =>
        log.warn(
          { err: error },
          'scheduler: a tick failed (digests, expired spam, deleted leads); it tries again next tick',
        ),
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

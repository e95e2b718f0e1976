import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type pg from 'pg';
import { DELIVERY_JOBS_CHANNEL, OUTBOX_WAKE_UP } from '../../jobs/wake-delivery-workers.ts';
import { NOTIFICATIONS_CHANNEL } from './notification-hub.ts';

// A NOTIFY payload holds at most 8,000 bytes; 36-character ids and a separator each.
const ENTITIES_PER_PAYLOAD = 200;

const ANNOUNCE = `select pg_notify($1, payload) from unnest($2::text[]) as payload
  union all select pg_notify($3, '${OUTBOX_WAKE_UP}')`;

export type CommitAnnouncer = {
  /**
   * After a batch committed: wake the workers (its intake job), and with `entityId` the business's
   * live consoles too, for its leads already in notifications (held ones). A lead the take moves
   * into notifications is announced by the take (leadbell_take_in_leads, decision 064).
   */
  announce: (entityId?: string) => void;
  /** Resolves once everything announced so far has been sent. */
  flush: () => Promise<void>;
};

/**
 * Tells every server process what committed, after the commit: one NOTIFY statement carries all
 * that was accepted while the previous one was on its way. A NOTIFY inside the accepting
 * transaction would make every commit wait on PostgreSQL's global notify-queue lock (decision 020).
 * Should this process die between a commit and its announcement, live streams catch up at the
 * hub's periodic wake-up and delivery workers at their next poll.
 */
export function createCommitAnnouncer(pool: pg.Pool, log: FastifyBaseLogger): CommitAnnouncer {
  const entities = new Set<string>();
  let isWakeUpDue = false;
  let sending: Promise<void> | null = null;

  async function send(): Promise<void> {
    while (isWakeUpDue) {
      const ids = [...entities];
      entities.clear();
      isWakeUpDue = false;
      const payloads: string[] = [];
      for (let start = 0; start < ids.length; start += ENTITIES_PER_PAYLOAD)
        payloads.push(ids.slice(start, start + ENTITIES_PER_PAYLOAD).join(' '));
      try {
        // Named, so each connection plans it once rather than on every batch.
        await pool.query({
          name: 'leadbell-announce-commits',
          text: ANNOUNCE,
          values: [NOTIFICATIONS_CHANNEL, payloads, DELIVERY_JOBS_CHANNEL],
        });
      } catch (error) {
        log.warn({ err: error }, 'could not announce committed notifications; listeners catch up on their own');
      }
    }
  }

  function startSending(): void {
    // Sent on the event loop's next turn: a batch's accepted requests announce one after another
    // as its outcomes resolve, and one NOTIFY for all of them wakes the workers once, not twice.
    sending ??= nextTurn()
      .then(send)
      .finally(() => {
        sending = null;
      });
  }

  return {
    announce(entityId) {
      if (entityId) entities.add(entityId);
      isWakeUpDue = true;
      startSending();
    },
    async flush() {
      await sending;
    },
  };
}

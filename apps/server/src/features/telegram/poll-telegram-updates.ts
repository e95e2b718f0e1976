import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { callTelegram, TELEGRAM_TIMEOUT_MS } from './telegram-bot-api.ts';
import {
  handleTelegramUpdate,
  type TelegramUpdate,
  type TelegramUpdateDependencies,
} from './handle-telegram-update.ts';

/**
 * One round of long polling: the process that locks the offset row (others skip it) asks
 * `getUpdates` from it, handles each update and moves the offset past it in the same
 * transaction, so an update is handled once across processes; a crash before commit hands the
 * same updates to the next round. Returns how many updates it handled (null: another process polls).
 */
export async function pollTelegramUpdatesOnce(
  deps: TelegramUpdateDependencies,
  waitSeconds: number,
  signal?: AbortSignal,
): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ update_offset: string }>(
      sql`select update_offset from telegram_poll_state where id = 1 for update skip locked`,
    );
    if (rows.length === 0) return null;
    const answer = await callTelegram(
      deps.config,
      'getUpdates',
      { offset: Number(rows[0]!.update_offset), timeout: waitSeconds, allowed_updates: ['message', 'callback_query'] },
      waitSeconds * 1000 + TELEGRAM_TIMEOUT_MS,
      signal,
    );
    if (!answer.ok) throw new Error(answer.error ?? 'getUpdates failed');
    const updates = (answer.result ?? []) as TelegramUpdate[];
    for (const update of updates) await handleTelegramUpdate({ ...deps, db: tx }, update);
    if (updates.length > 0)
      await tx.execute(
        sql`update telegram_poll_state set update_offset = ${updates.at(-1)!.update_id + 1} where id = 1`,
      );
    return updates.length;
  });
}

/** Long polling in a worker process until stopped (when PUBLIC_URL is not https, decision 052). */
export function startTelegramPolling(
  deps: TelegramUpdateDependencies & { log: FastifyBaseLogger; waitSeconds?: number },
): { stop: () => Promise<void> } {
  const stopping = new AbortController();
  const { signal } = stopping;
  const waitSeconds = deps.waitSeconds ?? 25;
  const pause = (ms: number) => sleep(ms, undefined, { signal }).catch(() => undefined);
  const loop = (async () => {
    while (!signal.aborted) {
      try {
        const handled = await pollTelegramUpdatesOnce(deps, waitSeconds, signal);
        // Another process holds the offset: look again later rather than spin.
        if (handled === null) await pause(waitSeconds * 1000);
      } catch (error) {
        if (signal.aborted) return;
        deps.log.warn({ err: error }, 'telegram: getUpdates failed; trying again in 5 s');
        await pause(5000);
      }
    }
  })();
  return {
    stop: async () => {
      stopping.abort();
      await loop;
    },
  };
}

import { and, eq } from 'drizzle-orm';
import type { Flow } from '@leadbell/shared/flows';
import { flows } from '../../db/schema/flows.ts';

export function toFlow(row: typeof flows.$inferSelect): Flow {
  return {
    flowId: row.id,
    name: row.name,
    title: row.title,
    message: row.message,
    notificationCount: row.notificationCount,
    lastNotificationAt: row.lastNotificationAt?.toISOString() ?? null,
    redirectProblem:
      row.redirectProblem && row.redirectProblemAt
        ? { url: row.redirectProblem, at: row.redirectProblemAt.toISOString() }
        : null,
    responseTargetMinutes: row.responseTargetMinutes,
    isUrgent: row.isUrgent,
    ringPolicy: row.ringPolicy,
    ringStepMinutes: row.ringStepMinutes,
    turnstileSiteKey: row.turnstileSiteKey,
    acknowledgementEnabled: row.acknowledgementEnabled,
    acknowledgementSubject: row.acknowledgementSubject,
    acknowledgementBody: row.acknowledgementBody,
    acknowledgementAfterHoursBody: row.acknowledgementAfterHoursBody,
    replySubject: row.replySubject,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tenancy in the where clause: a flow is only ever addressed together with its entity. */
export function ownedFlow(entityId: string, flowId: string) {
  return and(eq(flows.id, flowId), eq(flows.entityId, entityId));
}

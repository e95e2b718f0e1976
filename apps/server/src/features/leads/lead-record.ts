import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DeliverySummary } from '@leadbell/shared/notifications';
import type { Lead, LeadOutcomeSummary, LeadPerson, LeadState, LeadStatus } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { flows } from '../../db/schema/flows.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { notificationColumns, toNotification } from '../notifications/notification-record.ts';

const claimers = alias(users, 'claimers');
const completers = alias(users, 'completers');
const outcomeSetters = alias(users, 'outcome_setters');

const stateColumns = {
  id: notifications.id,
  leadStatus: notifications.leadStatus,
  claimedBy: notifications.claimedBy,
  claimedByName: claimers.name,
  claimedAt: notifications.claimedAt,
  doneBy: notifications.doneBy,
  doneByName: completers.name,
  doneAt: notifications.doneAt,
};

type StateRow = {
  id: string;
  leadStatus: LeadStatus;
  claimedBy: string | null;
  claimedByName: string | null;
  claimedAt: Date | null;
  doneBy: string | null;
  doneByName: string | null;
  doneAt: Date | null;
};

function personOf(userId: string | null, name: string | null): LeadPerson | null {
  return userId ? { userId, name: name ?? 'Someone who left' } : null;
}

export function toLeadState(row: StateRow): LeadState {
  return {
    id: row.id,
    status: row.leadStatus,
    claimedBy: personOf(row.claimedBy, row.claimedByName),
    claimedAt: row.claimedAt?.toISOString() ?? null,
    doneBy: personOf(row.doneBy, row.doneByName),
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

/**
 * Leads as the console reads them: the notification, its flow's name, who holds it, and whether
 * the viewer has seen it. `where` must carry the entity (tenancy in the where clause).
 */
export function selectLeads(db: Database, viewerId: string, where: SQL | undefined) {
  return db
    .select({
      ...notificationColumns,
      ...stateColumns,
      flowName: flows.name,
      spamReasons: notifications.spamReasons,
      isAfterHours: notifications.isAfterHours,
      responseStartedAt: notifications.responseStartedAt,
      responseTargetSeconds: notifications.responseTargetSeconds,
      trafficSource: notifications.trafficSource,
      referrer: notifications.referrer,
      campaign: sql<string | null>`${notifications.attribution} ->> 'utm_campaign'`,
      outcome: notifications.outcome,
      outcomeValue: notifications.outcomeValue,
      outcomeReason: notifications.outcomeReason,
      outcomeNote: notifications.outcomeNote,
      outcomeAt: notifications.outcomeAt,
      outcomeBy: notifications.outcomeBy,
      outcomeByName: outcomeSetters.name,
      isSeen: sql<boolean>`exists (select from lead_events seen
        where seen.notification_id = ${notifications.id} and seen.user_id = ${viewerId} and seen.kind = 'seen')`,
    })
    .from(notifications)
    .innerJoin(flows, eq(flows.id, notifications.flowId))
    .leftJoin(claimers, eq(claimers.id, notifications.claimedBy))
    .leftJoin(completers, eq(completers.id, notifications.doneBy))
    .leftJoin(outcomeSetters, eq(outcomeSetters.id, notifications.outcomeBy))
    .where(where);
}

export type LeadRow = Awaited<ReturnType<typeof selectLeads>>[number];

function outcomeOf(row: LeadRow): LeadOutcomeSummary | null {
  if (!row.outcome || !row.outcomeAt) return null;
  return {
    outcome: row.outcome,
    value: row.outcomeValue === null ? null : Number(row.outcomeValue),
    reason: row.outcomeReason,
    note: row.outcomeNote,
    setAt: row.outcomeAt.toISOString(),
    setBy: personOf(row.outcomeBy, row.outcomeByName),
  };
}

export function toLead(row: LeadRow, delivery: DeliverySummary): Lead {
  const { id: _id, ...state } = toLeadState(row);
  return {
    ...toNotification(row, delivery),
    flowName: row.flowName,
    isSeen: row.isSeen,
    trafficSource: row.trafficSource,
    referrer: row.referrer,
    campaign: row.campaign,
    // Every judged lead keeps its signals; they are reasons only for one that is spam.
    spamReasons: row.leadStatus === 'spam' ? (row.spamReasons ?? []).map((reason) => reason.code) : null,
    ringsAt: row.isAfterHours ? (row.responseStartedAt?.toISOString() ?? null) : null,
    respondBy:
      row.responseStartedAt && row.responseTargetSeconds !== null && !row.isHeld
        ? new Date(row.responseStartedAt.getTime() + row.responseTargetSeconds * 1000).toISOString()
        : null,
    outcome: outcomeOf(row),
    ...state,
  };
}

/** The entity's lead with this id, unless it was deleted (decision 046): tenancy in the where clause. */
export function liveLeadOf(entityId: string, id: string): SQL {
  return and(eq(notifications.id, id), eq(notifications.entityId, entityId), isNull(notifications.deletedAt))!;
}

/** The lead's current state, or null when it is not the entity's or was deleted. */
export async function findLeadState(db: Database, entityId: string, notificationId: string): Promise<LeadState | null> {
  const [row] = await db
    .select(stateColumns)
    .from(notifications)
    .leftJoin(claimers, eq(claimers.id, notifications.claimedBy))
    .leftJoin(completers, eq(completers.id, notifications.doneBy))
    .where(liveLeadOf(entityId, notificationId));
  return row ? toLeadState(row) : null;
}

import { sql } from 'drizzle-orm';
import { DEVICE_FAILING_AFTER } from '@leadbell/shared/devices';
import type { SetupStatus } from '@leadbell/shared/setup';
import type { Database } from '../../db/client.ts';

type SetupRow = {
  device_count: number;
  failing_count: number;
  working_count: number;
  email_choice: boolean | null;
  push_confirmed_at: string | null;
  connected_flow_id: string | null;
  first_flow_id: string | null;
  first_lead_at: string | null;
  first_lead_flow_id: string | null;
};

/**
 * The first-day checklist and whether the user will hear about a lead (decision 021), from the
 * records themselves in one query: the user's devices and receipts, and the entity's first
 * notifications (read from the start of its (entity_id, seq) index).
 */
export async function getSetupStatus(
  db: Database,
  { userId, entityId, canSendEmail }: { userId: string; entityId: string; canSendEmail: boolean },
): Promise<SetupStatus> {
  const { rows } = await db.execute<SetupRow>(sql`
    with devices as (
      select consecutive_failures >= ${DEVICE_FAILING_AFTER} as is_failing, last_received_at
        from push_subscriptions where user_id = ${userId} and entity_id = ${entityId}
    ), first_lead as (
      select created_at, flow_id from notifications
       where entity_id = ${entityId} and not is_test and lead_status <> 'spam' order by seq limit 1
    )
    select (select count(*)::int from devices) as device_count,
           (select count(*)::int from devices where is_failing) as failing_count,
           (select count(*)::int from devices where not is_failing and last_received_at is not null) as working_count,
           p.email_notifications as email_choice,
           to_json(p.push_confirmed_at) #>> '{}' as push_confirmed_at,
           (select flow_id from notifications where entity_id = ${entityId} order by seq limit 1) as connected_flow_id,
           (select id from flows where entity_id = ${entityId} order by created_at limit 1) as first_flow_id,
           (select to_json(created_at) #>> '{}' from first_lead) as first_lead_at,
           (select flow_id from first_lead) as first_lead_flow_id
      from (select) as one
      left join delivery_preferences p on p.user_id = ${userId}`);
  const row = rows[0]!;
  const emailCopies = row.email_choice ?? row.push_confirmed_at === null;
  const hasOnlyFailingDevices = row.device_count > 0 && row.failing_count === row.device_count;
  const steps = {
    device: { isDone: row.device_count > 0, deviceCount: row.device_count },
    test: { isDone: row.push_confirmed_at !== null, confirmedAt: isoOrNull(row.push_confirmed_at) },
    connect: { isDone: row.connected_flow_id !== null, flowId: row.connected_flow_id ?? row.first_flow_id },
    firstLead: {
      isDone: row.first_lead_at !== null,
      at: isoOrNull(row.first_lead_at),
      flowId: row.first_lead_flow_id,
    },
  };
  return {
    steps,
    isComplete: Object.values(steps).every((step) => step.isDone),
    alerting: {
      // Email reaches the user when they want copies, and as the fallback with no device or only failing ones.
      willBeAlerted:
        row.working_count > 0 || (canSendEmail && (emailCopies || row.device_count === 0 || hasOnlyFailingDevices)),
      workingDeviceCount: row.working_count,
      emailCopies,
      canSendEmail,
    },
  };
}

function isoOrNull(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

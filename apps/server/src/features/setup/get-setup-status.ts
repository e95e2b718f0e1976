import { sql } from 'drizzle-orm';
import { DEVICE_FAILING_AFTER } from '@leadbell/shared/devices';
import type { SetupStatus, TestReachChannel } from '@leadbell/shared/setup';
import type { Database } from '../../db/client.ts';
import { alertChannelsOf } from './alert-status.ts';

type SetupRow = {
  device_count: number;
  failing_count: number;
  working_count: number;
  email_choice: boolean | null;
  push_confirmed_at: string | null;
  test_reached_at: string | null;
  test_reached_by: TestReachChannel | null;
  has_telegram: boolean;
  has_sms: boolean;
  connected_flow_id: string | null;
  first_flow_id: string | null;
  first_lead_at: string | null;
  first_lead_flow_id: string | null;
};

/** Which channels this server can send by besides push and email (which every server has). */
export type ServerChannels = { telegram: boolean; sms: boolean };

/**
 * The first-day checklist and the alert status (decision 021, issue 49), from the records
 * themselves in one query: the user's devices, receipts, tests and channels, and the entity's
 * first notifications (read from the start of its (entity_id, seq) index).
 */
export async function getSetupStatus(
  db: Database,
  { userId, entityId, channels }: { userId: string; entityId: string; channels: ServerChannels },
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
           to_json(p.test_reached_at) #>> '{}' as test_reached_at,
           p.test_reached_by,
           exists (select from telegram_links t
                    where t.user_id = ${userId} and t.entity_id = ${entityId} and t.is_enabled) as has_telegram,
           coalesce(p.sms = 'all', false)
             and exists (select from member_phones m where m.user_id = ${userId} and m.phone is not null) as has_sms,
           (select flow_id from notifications where entity_id = ${entityId} order by seq limit 1) as connected_flow_id,
           (select id from flows where entity_id = ${entityId} order by created_at limit 1) as first_flow_id,
           (select to_json(created_at) #>> '{}' from first_lead) as first_lead_at,
           (select flow_id from first_lead) as first_lead_flow_id
      from (select) as one
      left join delivery_preferences p on p.user_id = ${userId}`);
  const row = rows[0]!;
  const emailCopies = row.email_choice ?? row.push_confirmed_at === null;
  const hasTelegram = channels.telegram && row.has_telegram;
  const hasSms = channels.sms && row.has_sms;
  const test = latestTest(row);
  const steps = {
    device: {
      // Email is every user's fallback; choosing it on purpose is a choice like a device.
      isDone: row.device_count > 0 || row.email_choice === true || hasTelegram || hasSms,
      deviceCount: row.device_count,
    },
    test: { isDone: test !== null, confirmedAt: test?.at ?? null, channel: test?.channel ?? null },
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
      channels: alertChannelsOf({
        deviceCount: row.device_count,
        failingDeviceCount: row.failing_count,
        workingDeviceCount: row.working_count,
        emailCopies,
        hasTelegram,
        hasSms,
      }),
      deviceCount: row.device_count,
      workingDeviceCount: row.working_count,
      emailCopies,
    },
  };
}

/** The latest test that reached the user: a push a device confirmed, or an email, Telegram message or text. */
function latestTest(row: SetupRow): { at: string; channel: 'push' | TestReachChannel } | null {
  const pushed =
    row.push_confirmed_at === null ? null : { at: isoOrNull(row.push_confirmed_at)!, channel: 'push' as const };
  const reached =
    row.test_reached_at === null || row.test_reached_by === null
      ? null
      : { at: isoOrNull(row.test_reached_at)!, channel: row.test_reached_by };
  if (!pushed || !reached) return pushed ?? reached;
  return Date.parse(pushed.at) >= Date.parse(reached.at) ? pushed : reached;
}

function isoOrNull(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

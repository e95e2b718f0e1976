import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { deliveries } from '../../db/schema/deliveries.ts';
import type { deliveryPreferences } from '../../db/schema/devices.ts';
import type { entities } from '../../db/schema/entities.ts';
import type { notifications } from '../../db/schema/notifications.ts';

type Delivery = typeof deliveries.$inferSelect;
type Lead = typeof notifications.$inferSelect;

/** A delivery with what an attempt needs: the notification, and the device, the mailbox or the chat. */
export type DeliveryTarget = {
  deliveryId: string;
  entityId: string;
  channel: Delivery['channel'];
  status: Delivery['status'];
  attempts: number;
  purpose: Delivery['purpose'];
  userId: string | null;
  fallbackReason: Delivery['fallbackReason'];
  notificationId: string;
  flowId: string;
  title: string;
  message: string;
  url: string | null;
  data: Lead['data'];
  isTest: boolean;
  createdAt: Date;
  responseTargetSeconds: number | null;
  subscriptionId: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  email: string | null;
  defaultCountry: (typeof entities.$inferSelect)['defaultCountry'];
  timeZone: string;
  quietHours: (typeof deliveryPreferences.$inferSelect)['quietHours'];
  /** Why an email copy goes out: the user's own choice, or the default (decision 021). */
  emailChoice: boolean | null;
  /** A telegram delivery's chat (null once unlinked) and what its message names (decision 052). */
  telegramChatId: number | null;
  flowName: string | null;
};

/** A target as SQL hands it over (raw rows, or JSON from the take): its timestamp as text. */
export function deliveryTargetOf(row: DeliveryTarget | (Omit<DeliveryTarget, 'createdAt'> & { createdAt: string })) {
  return { ...row, createdAt: new Date(row.createdAt) } satisfies DeliveryTarget;
}

/**
 * Claims the deliveries due in `lane` of up to `limit` leads ('push' for the push lane) for `leaseSeconds`
 * (decision 067), with what an attempt needs: one statement, the claim
 * (leadbell_claim_due_deliveries) inside the read (leadbell_delivery_targets), both planned once
 * per connection.
 */
export async function claimDueDeliveries(
  db: Database,
  { lane, limit, leaseSeconds }: { lane: string; limit: number; leaseSeconds: number },
): Promise<DeliveryTarget[]> {
  const { rows } = await db.execute(sql`
    select * from leadbell_delivery_targets(array(
      select id from leadbell_claim_due_deliveries(${lane}, ${limit}::int, ${leaseSeconds}::int)))`);
  return (rows as Array<DeliveryTarget & { createdAt: string }>).map(deliveryTargetOf);
}

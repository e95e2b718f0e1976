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

/**
 * Reads deliveries with what an attempt needs, through leadbell_delivery_targets
 * (functions/delivery-attempts.sql): planned once per connection, where this select as a prepared
 * statement was planned again for nearly every job (issue 23).
 */
export async function findDeliveryTargets(db: Database, deliveryIds: string[]): Promise<DeliveryTarget[]> {
  const { rows } = await db.execute(sql`select * from leadbell_delivery_targets(${sql.param(deliveryIds)}::uuid[])`);
  // Drizzle hands raw SQL its timestamps as text.
  return (rows as Array<DeliveryTarget & { createdAt: string }>).map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
  }));
}

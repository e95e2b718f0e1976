import { eq } from 'drizzle-orm';
import type { InvoiceList } from '@leadbell/shared/subscriptions';
import type { Database } from '../../db/client.ts';
import { billingAccounts } from '../../db/schema/billing.ts';
import { callStripe, type BillingConfig } from './billing-config.ts';

/** The entity's 24 latest invoices, read from Stripe (never stored here); none before a first Checkout. */
export async function listInvoices(db: Database, billing: BillingConfig, entityId: string): Promise<InvoiceList> {
  const [account] = await db
    .select({ customerId: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.entityId, entityId));
  if (!account) return { data: [] };
  const invoices = await callStripe('list the invoices', () =>
    billing.stripe.invoices.list({ customer: account.customerId, limit: 24 }),
  );
  return {
    data: invoices.data.map((invoice) => ({
      id: invoice.id!,
      number: invoice.number ?? null,
      date: new Date(invoice.created * 1000).toISOString(),
      amountDue: invoice.amount_due,
      currency: invoice.currency,
      status: invoice.status ?? null,
      pdfUrl: invoice.invoice_pdf ?? null,
      hostedUrl: invoice.hosted_invoice_url ?? null,
    })),
  };
}

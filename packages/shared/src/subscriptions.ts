import { z } from 'zod';
import { PlanIdSchema } from './plans.ts';

/** The plans sold through Checkout; Starter is free and never needs a payment. */
export const PAID_PLAN_IDS = ['growth', 'pro', 'elite'] as const;
export const PaidPlanIdSchema = z.enum(PAID_PLAN_IDS, { error: 'Please select a paid plan: Growth, Pro or Elite.' });
export type PaidPlanId = z.infer<typeof PaidPlanIdSchema>;

export const CreateCheckoutSessionSchema = z.object({ plan: PaidPlanIdSchema });
export type CreateCheckoutSession = z.infer<typeof CreateCheckoutSessionSchema>;

/** Where the browser goes next: Stripe's hosted Checkout or billing portal. */
export const BillingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof BillingRedirectSchema>;

/**
 * The pricing page's note on payment, by whether this server sells its plans. The page is
 * pre-rendered once for every server, so the server writes the note in when it serves the page.
 */
export function pricingNoteOf(isBillingEnabled: boolean): string {
  return isBillingEnabled
    ? 'Prices are in USD and exclude taxes, which are calculated at checkout from your billing address. A larger plan starts at once; a smaller one from your next billing cycle.'
    : 'This Leadbell server is self-hosted: every plan is free to choose here, and nothing is charged.';
}

/** Whether this server sells its plans: off when self-hosted without a Stripe key (decision 050). */
export const BillingModeSchema = z.object({ isEnabled: z.boolean() });
export type BillingMode = z.infer<typeof BillingModeSchema>;

/**
 * The entity's billing as the console shows it: the plan in force (what polling after Checkout
 * waits for), the subscription as Stripe last reported it, and an unpaid invoice (the banner).
 */
export const BillingSummarySchema = z.object({
  isEnabled: z.boolean(),
  plan: PlanIdSchema.nullable(),
  subscription: z
    .object({
      plan: PlanIdSchema.nullable(),
      status: z.string(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  paymentFailed: z.object({ invoiceId: z.string(), at: z.string() }).nullable(),
});
export type BillingSummary = z.infer<typeof BillingSummarySchema>;

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  date: z.string(),
  /** In the currency's smallest unit (cents), as Stripe counts it. */
  amountDue: z.number().int(),
  currency: z.string(),
  status: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  hostedUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceListSchema = z.object({ data: z.array(InvoiceSchema) });
export type InvoiceList = z.infer<typeof InvoiceListSchema>;

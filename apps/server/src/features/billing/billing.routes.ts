import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingModeSchema,
  BillingRedirectSchema,
  BillingSummarySchema,
  CreateCheckoutSessionSchema,
  InvoiceListSchema,
} from '@leadbell/shared/subscriptions';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { documentationOnly, ENTITY_REQUIRED, errorResponses, jsonResponse } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createCheckoutSession } from './create-checkout-session.ts';
import { createPortalSession } from './create-portal-session.ts';
import { getBillingSummary } from './get-billing-summary.ts';
import { handleStripeWebhook } from './handle-stripe-webhook.ts';
import { listInvoices } from './list-invoices.ts';
import { requireBilling } from './require-billing.ts';

const BILLING_OFF = errorResponses({
  409: 'Billing is off on this server (no `STRIPE_SECRET_KEY`): `billing_disabled`; or no business yet: `entity_required`.',
  502: 'Stripe did not answer or refused: `billing_unavailable`; nothing changed.',
});

export function registerBillingRoutes(
  app: FastifyInstance,
  { db, cipher, requireSession, requireAdmin, clock, billing }: RouteContext,
  { mailer, log }: { mailer: Mailer; log: FastifyBaseLogger },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Public: the pricing page is pre-rendered, so it asks the server whether its plans cost money.
  routes.get(
    '/v1/billing/mode',
    {
      schema: {
        summary: 'Whether this server sells its plans',
        description:
          'Off (`isEnabled: false`) on a server without a Stripe key: every plan is free to choose (self-hosting).',
        response: { 200: BillingModeSchema },
      },
    },
    async () => ({ isEnabled: billing !== null }),
  );

  routes.get(
    '/v1/billing',
    {
      schema: {
        summary: 'The business’s billing',
        description:
          'The plan in force, the Stripe subscription as its last webhook reported it, and an unpaid invoice (`paymentFailed`, the console’s banner). The console polls it after Checkout until the webhook has set the plan.',
        response: { 200: BillingSummarySchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getBillingSummary(db, billing, { entityId: entityIdOf(request), now: clock.now() })),
  );

  routes.post(
    '/v1/billing/checkout-sessions',
    {
      schema: {
        summary: 'Pay for a paid plan',
        description:
          'Opens Stripe Checkout for the plan (subscription mode, billing address, tax id, automatic tax) and answers its `url`; with a live subscription, swaps its plan at once, prorated, and answers the console’s billing page. The plan changes only when Stripe’s webhook confirms it. A retried call (same business, plan and day) answers the same session.',
        body: CreateCheckoutSessionSchema,
        response: { 200: BillingRedirectSchema, ...BILLING_OFF },
      },
      onRequest: [requireSession, requireAdmin],
    },
    async (request) => {
      const user = sessionUserOf(request);
      return createCheckoutSession(db, requireBilling(billing), {
        entityId: entityIdOf(request),
        email: user.email,
        plan: request.body.plan,
        now: clock.now(),
      });
    },
  );

  routes.post(
    '/v1/billing/portal-sessions',
    {
      schema: {
        summary: 'Open Stripe’s billing portal',
        description:
          'The card, billing address, tax id and invoices, on Stripe; answers its `url`. It returns to `/billing`.',
        response: { 200: BillingRedirectSchema, ...BILLING_OFF },
      },
      onRequest: [requireSession, requireAdmin],
    },
    async (request) =>
      createPortalSession(db, requireBilling(billing), { entityId: entityIdOf(request), now: clock.now() }),
  );

  routes.get(
    '/v1/billing/invoices',
    {
      schema: {
        summary: 'Recent invoices',
        description:
          'The latest 24 invoices, read from Stripe: number, date, amount (smallest currency unit), status, PDF link.',
        response: { 200: InvoiceListSchema, ...BILLING_OFF },
      },
      onRequest: [requireSession, requireAdmin],
    },
    async (request) => listInvoices(db, requireBilling(billing), entityIdOf(request)),
  );

  // Its own scope: Stripe signs the exact bytes, so JSON is kept raw here (and parsed by Stripe's
  // library after the signature is checked), while every other route keeps Fastify's parser.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v1/billing/stripe-webhook',
      {
        schema: {
          summary: 'Stripe’s webhook',
          description:
            'For Stripe only: events signed with `STRIPE_WEBHOOK_SECRET` (the `Stripe-Signature` header over the raw body). Answers 200 once the change is committed; a redelivered event changes nothing; unknown events are acknowledged. A wrong signature answers 400 and changes nothing.',
          body: z.unknown().describe('A Stripe event, as Stripe sends it.'),
          response: {
            200: jsonResponse(z.object({ received: z.literal(true) }), 'Applied (or already applied, or not used).'),
            ...errorResponses({
              400: 'The signature does not match the body: `validation_error`.',
              409: 'Billing is off on this server: `billing_disabled`.',
            }),
          },
        },
        validatorCompiler: documentationOnly,
        // Stripe's events (a Checkout session with its line items) can outgrow the API's 64 kB.
        bodyLimit: 1024 * 1024,
      },
      async (request) =>
        handleStripeWebhook(
          { db, billing: requireBilling(billing), cipher, mailer, log },
          {
            rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.from(''),
            signature: request.headers['stripe-signature'] as string | undefined,
            now: clock.now(),
          },
        ),
    );
  });
}

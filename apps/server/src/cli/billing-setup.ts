import { z } from 'zod';
import { createStripeClient } from '../features/billing/billing-config.ts';
import { setUpStripeCatalogue } from '../features/billing/set-up-stripe-catalogue.ts';
import { runCommand } from './run-command.ts';

// `npm run billing:setup`: the meter, products and prices billing needs, created in the Stripe
// account of STRIPE_SECRET_KEY (use a test-mode key first) or found there; prints the variables.
await runCommand(async () => {
  const parsed = z
    .object({
      STRIPE_SECRET_KEY: z.string().min(8, 'STRIPE_SECRET_KEY: set it to the account’s secret key (sk_test_… first)'),
      STRIPE_API_URL: z.url().default('https://api.stripe.com'),
      STRIPE_METER_EVENT_NAME: z.string().min(1).default('leadbell_notifications'),
    })
    .safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
  if (!parsed.success)
    throw new Error(`Invalid environment:\n${parsed.error.issues.map((issue) => `  - ${issue.message}`).join('\n')}`);
  const stripe = await createStripeClient(parsed.data.STRIPE_SECRET_KEY, parsed.data.STRIPE_API_URL);
  const variables = await setUpStripeCatalogue(stripe, { meterEventName: parsed.data.STRIPE_METER_EVENT_NAME });
  process.stdout.write(
    `${Object.entries(variables)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n')}\n`,
  );
});

import { AppError } from '../../http/app-error.ts';
import type { BillingConfig } from './billing-config.ts';

/** Billing's routes answer 409 `billing_disabled` on a server without a Stripe key (self-hosted: plans are free). */
export function requireBilling(billing: BillingConfig | null): BillingConfig {
  if (!billing) throw new AppError('billing_disabled', 'Billing is off on this server: every plan is free to choose.');
  return billing;
}

import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { billingConfigOf, planOfPrice } from './billing-config.ts';

const BILLING_ON = {
  STRIPE_SECRET_KEY: 'sk_test_123456',
  STRIPE_WEBHOOK_SECRET: 'whsec_123456',
  STRIPE_PRICE_GROWTH: 'price_growth',
  STRIPE_PRICE_PRO: 'price_pro',
  STRIPE_PRICE_ELITE: 'price_elite',
};

function apiFieldOf(config: Awaited<ReturnType<typeof billingConfigOf>>, field: string): unknown {
  return (config!.stripe as unknown as { getApiField: (name: string) => unknown }).getApiField(field);
}

describe('billing config', () => {
  it('is off without STRIPE_SECRET_KEY: no Stripe client exists', async () => {
    const env = loadEnv({});
    expect(await billingConfigOf(env)).toBeNull();
    expect(env.STRIPE_METER_EVENT_NAME).toBe('leadbell_notifications');
    expect(env.BILLING_USAGE_FLUSH_SECONDS).toBe(60);
  });

  it('a Stripe key without the webhook secret and the prices stops the server, each named', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_123456' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set[\s\S]*STRIPE_PRICE_GROWTH[\s\S]*STRIPE_PRICE_PRO[\s\S]*STRIPE_PRICE_ELITE/,
    );
  });

  it('passes STRIPE_API_URL to the client as host, port and protocol, with the pinned API version', async () => {
    const local = await billingConfigOf(loadEnv({ ...BILLING_ON, STRIPE_API_URL: 'http://127.0.0.1:12111' }));
    expect([apiFieldOf(local, 'host'), apiFieldOf(local, 'port'), apiFieldOf(local, 'protocol')]).toEqual([
      '127.0.0.1',
      12111,
      'http',
    ]);
    expect(apiFieldOf(local, 'version')).toBe('2026-10-28.endive');
    const stripe = await billingConfigOf(loadEnv(BILLING_ON));
    expect([apiFieldOf(stripe, 'host'), apiFieldOf(stripe, 'port'), apiFieldOf(stripe, 'protocol')]).toEqual([
      'api.stripe.com',
      443,
      'https',
    ]);
  });

  it('knows the plan a Price sells', async () => {
    const config = (await billingConfigOf(loadEnv(BILLING_ON)))!;
    expect(planOfPrice(config, 'price_pro')).toBe('pro');
    expect(planOfPrice(config, 'price_unknown')).toBeNull();
  });
});

import { PLANS } from '@leadbell/shared/plans';
import { describe, expect, it } from 'vitest';
import { productJsonLd } from './product-json-ld.ts';

type Offer = { name: string; price: string; priceCurrency: string; url: string };

describe('productJsonLd', () => {
  it('offers every plan at the price the pricing page shows, in USD', () => {
    const offers = (productJsonLd('https://leadbell.app') as { offers: Offer[] }).offers;
    expect(offers.map(({ name, price, priceCurrency }) => ({ name, price, priceCurrency }))).toEqual(
      PLANS.map((plan) => ({ name: plan.title, price: String(plan.priceUsd), priceCurrency: 'USD' })),
    );
    expect(offers.map((offer) => offer.price)).toEqual(['0', '9', '45', '89']);
  });

  it('points the offers at the pricing page on the given origin', () => {
    const offers = (productJsonLd('https://leadbell.app') as { offers: Offer[] }).offers;
    expect(new Set(offers.map((offer) => offer.url))).toEqual(new Set(['https://leadbell.app/pricing']));
  });
});

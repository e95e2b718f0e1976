import { PLANS } from '@leadbell/shared/plans';

/**
 * schema.org Product with one Offer per plan, built from the same catalogue as the pricing page's
 * cards, so the structured data and the page cannot disagree (docs/decisions/009-plan-prices.md).
 */
export function productJsonLd(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Leadbell',
    description:
      'Real-time mobile notifications for business owners when a website visitor makes an inquiry, booking or order.',
    brand: { '@type': 'Brand', name: 'Leadbell' },
    url: `${origin}/`,
    offers: PLANS.map((plan) => ({
      '@type': 'Offer',
      name: plan.title,
      description: plan.description,
      price: String(plan.priceUsd),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `${origin}/pricing`,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: String(plan.priceUsd),
        priceCurrency: 'USD',
        unitText: 'month',
        billingDuration: 'P1M',
        valueAddedTaxIncluded: false,
      },
    })),
  };
}

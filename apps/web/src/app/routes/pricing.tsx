import { CallToAction } from '../../features/public-site/components/call-to-action.tsx';
import { PlanCards } from '../../features/public-site/components/plan-cards.tsx';
import { FAQ_ITEMS } from '../../features/public-site/faq.ts';
import { faqPageJsonLd } from '../../features/public-site/seo/faq-page-json-ld.ts';
import type { HeadOf } from '../../features/public-site/seo/page-head.ts';
import { productJsonLd } from '../../features/public-site/seo/product-json-ld.ts';
import { Island } from '../../public/island.tsx';
import { pricingNote, PUBLIC_URL_TOKEN } from '../../public/site-config.ts';

export const head: HeadOf = () => ({
  title: 'Pricing · Leadbell',
  description:
    'Four simple monthly plans, from free to 10,000 notifications a month. Prices in USD, month to month, no contract.',
  path: '/pricing',
  jsonLd: [productJsonLd(PUBLIC_URL_TOKEN), faqPageJsonLd(FAQ_ITEMS)],
});

export function PricingPage() {
  return (
    <>
      <section
        aria-labelledby="pricing-heading"
        className="mx-auto max-w-6xl px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-20"
      >
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-300">Pricing</p>
          <h1
            id="pricing-heading"
            className="mt-2 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white"
          >
            Simple plans that grow with you
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-pretty text-slate-600 dark:text-slate-300">
            Pick a plan by how many leads you expect each month. Month to month, no contract, and you can change plans
            whenever you like.
          </p>
        </div>
        <div className="mt-14">
          <PlanCards />
        </div>
        <p className="mx-auto mt-8 max-w-2xl text-center text-sm leading-relaxed text-slate-600 dark:text-slate-400">
          {pricingNote()}
        </p>
      </section>

      <section
        aria-labelledby="faq-heading"
        className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40"
      >
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
          <h2
            id="faq-heading"
            className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
          >
            Frequently asked questions
          </h2>
          <div className="mt-10">
            <Island name="faq" />
          </div>
        </div>
      </section>

      <CallToAction
        title="Start free, upgrade when the leads roll in"
        body="The Starter plan costs nothing. Move up a plan whenever you need more."
        secondary={{ to: '/#product', label: 'See how it works' }}
      />
    </>
  );
}

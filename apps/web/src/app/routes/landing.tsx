import { BusinessTypes } from '../../features/public-site/components/business-types.tsx';
import { CallToAction } from '../../features/public-site/components/call-to-action.tsx';
import { Comparison } from '../../features/public-site/components/comparison.tsx';
import { Hero } from '../../features/public-site/components/hero.tsx';
import { HowItWorks } from '../../features/public-site/components/how-it-works.tsx';
import { Stats } from '../../features/public-site/components/stats.tsx';
import type { HeadOf } from '../../features/public-site/seo/page-head.ts';
import { productJsonLd } from '../../features/public-site/seo/product-json-ld.ts';
import { PUBLIC_URL_TOKEN } from '../../public/site-config.ts';

export const head: HeadOf = () => ({
  title: 'Leadbell: never miss a lead again',
  description:
    'Leadbell sends a notification to your phone the moment a website visitor makes an inquiry, booking or order, so you answer while they are still interested.',
  path: '/',
  jsonLd: [productJsonLd(PUBLIC_URL_TOKEN)],
});

export function LandingPage() {
  return (
    <>
      <Hero />
      <Stats />
      <HowItWorks />
      <Comparison />
      <BusinessTypes />
      <CallToAction />
    </>
  );
}

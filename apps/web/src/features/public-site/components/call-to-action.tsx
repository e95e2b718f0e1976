import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

type CallToActionProps = {
  title?: string;
  body?: string;
  /** The quieter second link; the pricing page points it elsewhere than at itself. */
  secondary?: { to: string; label: string };
};

/** The closing invitation to sign up, shared by the landing page, pricing and the blog. */
export function CallToAction({
  title = 'Your next lead is already on its way',
  body = 'Start on the free plan today and hear about it the moment it arrives.',
  secondary = { to: '/pricing', label: 'Compare plans' },
}: CallToActionProps) {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <div className="relative isolate overflow-hidden rounded-3xl bg-brand-700 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16 dark:bg-brand-800">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_top_right,var(--color-brand-500),transparent_60%)]"
        />
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-pretty text-brand-100">{body}</p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button
            asChild
            size="lg"
            variant="secondary"
            className="border-transparent text-brand-800 dark:bg-white dark:text-brand-800 dark:hover:bg-brand-50"
          >
            <Link to="/sign-up">
              Get Started
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="ghost"
            className="text-white hover:bg-white/10 active:bg-white/15 dark:text-white dark:hover:bg-white/10"
          >
            <Link to={secondary.to}>{secondary.label}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

import { ArrowRight, BellRing, Code2, KeyRound, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PublicFooter } from '../layouts/public-footer.tsx';

const STATS = [
  { value: '70%', label: 'of leads are lost when nobody answers within 5 minutes' },
  { value: '90%', label: 'of customers rate an immediate response as important' },
  { value: '8x', label: 'likelier to make the sale when you answer within 5 minutes' },
];

const STEPS = [
  {
    icon: KeyRound,
    title: 'Sign up and get your access key',
    body: 'Create your account, pick a plan and copy your API key.',
  },
  { icon: Code2, title: 'Connect your website', body: 'Send a flow ID from your contact, booking or order form.' },
  { icon: Smartphone, title: 'Get notified', body: 'Your phone rings with the lead’s details the moment they ask.' },
];

export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="rounded-lg" aria-label="Leadbell home">
          <Logo />
        </Link>
        <nav aria-label="Account" className="flex items-center gap-2">
          <Button asChild variant="ghost">
            <Link to="/sign-in">Sign In</Link>
          </Button>
          <Button asChild className="max-sm:hidden">
            <Link to="/sign-up">Get Started</Link>
          </Button>
        </nav>
      </header>

      <main>
        <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 text-center sm:px-6 sm:pt-24 sm:pb-16">
            <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
              <BellRing aria-hidden="true" className="size-3.5" />
              Real-time lead alerts for your phone
            </p>
            <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
              Never Miss a Lead Again!
            </h1>
            <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
              Leadbell rings your phone the moment a website visitor makes an inquiry, booking or order — so you answer
              while they’re still interested.
            </p>
            <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Button asChild size="lg" className="w-full sm:w-auto">
                <Link to="/sign-up">
                  Get Started
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary" className="w-full sm:w-auto">
                <Link to="/sign-in">Sign In</Link>
              </Button>
            </div>
            <p className="mt-4 text-sm text-slate-500">Free plan included. No contract, cancel any month.</p>
          </div>
        </section>

        <section aria-labelledby="stats-heading" className="mx-auto max-w-6xl px-4 pt-4 pb-16 sm:px-6 sm:pb-20">
          <h2 id="stats-heading" className="sr-only">
            Why speed matters
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {STATS.map((stat) => (
              <li key={stat.value} className="rounded-xl border border-slate-200 p-6 shadow-sm">
                <p className="text-4xl font-extrabold tracking-tight text-brand-600">{stat.value}</p>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{stat.label}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="how-heading" className="bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
            <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
              How it works
            </h2>
            <ol className="mt-10 grid gap-4 sm:grid-cols-3">
              {STEPS.map(({ icon: Icon, title, body }, index) => (
                <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <span className="text-sm font-semibold text-slate-400">Step {index + 1}</span>
                  </div>
                  <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{body}</p>
                </li>
              ))}
            </ol>
            <div className="mt-12 text-center">
              <Button asChild size="lg">
                <Link to="/sign-up">Start for free</Link>
              </Button>
            </div>
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}

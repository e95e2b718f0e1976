import { BellRing, CodeXml, KeyRound } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const STEPS = [
  {
    icon: KeyRound,
    title: 'Sign up and get your access key',
    body: 'Create your account, name your business and pick a plan. Your access key is ready straight away.',
  },
  {
    icon: CodeXml,
    title: 'Connect your website',
    body: 'Your contact, booking or order form sends one request to Leadbell with the details the visitor entered.',
  },
  {
    icon: BellRing,
    title: 'Get notified',
    body: 'Your phone shows the lead on the lock screen within seconds, so you can call back while they are still keen.',
  },
];

const REQUEST_EXAMPLE = `POST /v1/notify
Authorization: Bearer lb_live_••••••••
Content-Type: application/json

{
  "flowId": "8f14e45f-ceea-4e7b-9a1d-…",
  "data": {
    "name": "Anna Ruiz",
    "phone": "+44 7700 900123",
    "message": "Can I view it Saturday?"
  }
}`;

export function HowItWorks() {
  return (
    <section
      id="product"
      aria-labelledby="how-heading"
      className="scroll-mt-16 border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <SectionHeading id="how-heading" eyebrow="Product" title="How it works">
          Three steps, about ten minutes, and no new app to learn.
        </SectionHeading>
        <ol className="mt-12 grid gap-4 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, body }, index) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-300">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-slate-500 dark:text-slate-400">Step {index + 1}</span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600 dark:text-slate-300">{body}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12 grid items-center gap-8 lg:grid-cols-2">
          <div className="text-center lg:text-left">
            <h3 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
              One request from your form
            </h3>
            <p className="mt-3 leading-relaxed text-pretty text-slate-600 dark:text-slate-300">
              Any website that can send a web request can use Leadbell: a WordPress site, a custom backend or a form
              service. The words on the notification come from a template you write once, filled in with what the
              visitor typed.
            </p>
          </div>
          <figure className="min-w-0 overflow-hidden rounded-2xl bg-slate-900 shadow-lg ring-1 ring-slate-900/10 dark:ring-white/10">
            <figcaption className="border-b border-white/10 px-4 py-2.5 text-xs font-medium text-slate-300">
              What your website sends
            </figcaption>
            {/* Focusable, so keyboard users can scroll it sideways on a narrow screen. */}
            <pre tabIndex={0} className="overflow-x-auto p-4 text-[0.8125rem] leading-relaxed text-slate-100">
              <code>{REQUEST_EXAMPLE}</code>
            </pre>
          </figure>
        </div>
      </div>
    </section>
  );
}

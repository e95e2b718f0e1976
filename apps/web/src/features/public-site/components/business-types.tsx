import { House, Plane, ShoppingBag, Wrench } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const BUSINESSES = [
  {
    icon: House,
    title: 'Real estate',
    body: 'A buyer asks for a viewing: call back while they are still looking at the listing, not after they have booked three others.',
  },
  {
    icon: ShoppingBag,
    title: 'E-commerce',
    body: 'A large order or a question about stock: answer it before the shopper checks out somewhere else.',
  },
  {
    icon: Plane,
    title: 'Travel',
    body: 'Booking requests and trip questions arrive while people are planning. Be the first agency that replies.',
  },
  {
    icon: Wrench,
    title: 'Service providers',
    body: 'Plumbers, cleaners, clinics and agencies: quote requests reach you on the job, not at the end of the day.',
  },
];

export function BusinessTypes() {
  return (
    <section
      aria-labelledby="business-heading"
      className="border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <SectionHeading id="business-heading" title="Built for businesses that live on inquiries">
          If a lead that waits an hour is a lead you lose, Leadbell is for you.
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BUSINESSES.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:block sm:p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm shadow-brand-600/30">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900 sm:mt-5 dark:text-white">{title}</h3>
                <p className="mt-1.5 leading-relaxed text-slate-600 sm:mt-2 dark:text-slate-300">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Spec section 1: the figures the public pages claim. */
const STATS = [
  { value: '70%', label: 'of leads are lost when nobody answers within 5 minutes' },
  { value: '90%', label: 'of customers rate an immediate response as important' },
  { value: '8x', label: 'likelier to make the sale when you answer within 5 minutes' },
];

export function Stats() {
  return (
    <section aria-labelledby="stats-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-24">
      <h2 id="stats-heading" className="sr-only">
        Why answering fast matters
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {STATS.map((stat) => (
          <li
            key={stat.value}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="text-4xl font-extrabold tracking-tight text-brand-600 sm:text-5xl dark:text-brand-300">
              {stat.value}
            </p>
            <p className="mt-3 leading-relaxed text-slate-600 dark:text-slate-300">{stat.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { BellRing } from 'lucide-react';

const NOTIFICATIONS = [
  { title: 'Viewing request: 12 Elm Street', body: 'Anna Ruiz would like to see it on Saturday morning.', age: 'now' },
  { title: 'New order #1042', body: '2 × Trail running shoes, $238. Delivery to Leeds.', age: '2 min' },
  { title: 'Quote request', body: 'Kitchen and hallway repaint, 3 rooms. Call after 5 pm.', age: '9 min' },
];

/** The hero's picture: a phone's lock screen with leads arriving, drawn in HTML so it costs no image request. */
export function PhonePreview() {
  return (
    <div
      role="img"
      aria-label="A phone lock screen showing three Leadbell notifications: a viewing request, a new order and a quote request."
      className="relative mx-auto w-full max-w-[19rem]"
    >
      <div
        aria-hidden="true"
        className="absolute -inset-6 -z-10 rounded-[3rem] bg-gradient-to-br from-brand-200/70 via-sky-100/60 to-transparent blur-2xl dark:from-brand-700/30 dark:via-sky-900/20"
      />
      <div className="rounded-[2.75rem] bg-slate-900 p-2.5 shadow-2xl shadow-slate-900/20 ring-1 ring-slate-900/10 dark:bg-slate-800 dark:ring-white/10">
        <div className="overflow-hidden rounded-[2.25rem] bg-gradient-to-b from-indigo-950 via-slate-900 to-slate-950 px-3.5 pt-3 pb-8">
          <div className="mx-auto h-5 w-24 rounded-full bg-black/80" />
          <p className="mt-7 text-center text-5xl font-light tracking-tight text-white tabular-nums">9:41</p>
          <p className="mt-1 text-center text-xs font-medium text-indigo-200">Saturday, 14 June</p>
          <ul className="mt-7 grid gap-2.5">
            {NOTIFICATIONS.map((notification) => (
              <li
                key={notification.title}
                className="rounded-2xl bg-white/90 p-3 text-left shadow-sm first:ring-2 first:ring-brand-400/60"
              >
                <div className="flex items-center gap-2">
                  <span className="flex size-5 items-center justify-center rounded-md bg-brand-600 text-white">
                    <BellRing className="size-3" />
                  </span>
                  <span className="text-[0.6875rem] font-semibold tracking-wide text-slate-500 uppercase">
                    Leadbell
                  </span>
                  <span className="ml-auto text-[0.6875rem] text-slate-500">{notification.age}</span>
                </div>
                <p className="mt-1.5 text-[0.8125rem] leading-snug font-semibold text-slate-900">
                  {notification.title}
                </p>
                <p className="text-[0.8125rem] leading-snug text-slate-600">{notification.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { FacebookIcon, LinkedInIcon, XIcon } from '../../features/public-site/components/social-icons.tsx';

/** Leadbell's own accounts; the one place to change them. */
const SOCIAL_LINKS = [
  { href: 'https://x.com/leadbellapp', label: 'Leadbell on X', Icon: XIcon },
  { href: 'https://www.linkedin.com/company/leadbell', label: 'Leadbell on LinkedIn', Icon: LinkedInIcon },
  { href: 'https://www.facebook.com/leadbellapp', label: 'Leadbell on Facebook', Icon: FacebookIcon },
];

const COLUMNS: Array<{ title: string; links: Array<{ to: string; label: string; reloadDocument?: boolean }> }> = [
  {
    title: 'Product',
    links: [
      { to: '/#product', label: 'How it works' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/blog', label: 'Blog' },
    ],
  },
  {
    title: 'Developers',
    // Served by the server, not a page of this app: a full page load, never client-side routing.
    links: [{ to: '/docs/api', label: 'API reference', reloadDocument: true }],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
    ],
  },
];

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1fr_auto_auto_auto] md:gap-16">
        <div className="col-span-2 max-w-xs md:col-span-1">
          <Logo size="sm" />
          <p className="mt-4 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
            Real-time lead alerts on your phone, for every inquiry, booking and order your website receives.
          </p>
          <ul className="mt-5 flex gap-2" aria-label="Social media">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  aria-label={label}
                  className="flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-200/70 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{column.title}</h2>
            <ul className="mt-3 grid gap-1">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    reloadDocument={link.reloadDocument}
                    className="-mx-2 inline-block rounded-md px-2 py-1.5 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-500 sm:px-6 dark:text-slate-400">
          © <span data-current-year>{new Date().getFullYear()}</span> Leadbell. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

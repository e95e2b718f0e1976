import { Menu, X } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

const MENU_ID = 'site-menu';

const SECTIONS = [
  { to: '/#product', label: 'Product' },
  { to: '/pricing', label: 'Pricing' },
];

/** Spec section 2: Blog is in the phone menu only. */
const MENU_SECTIONS = [...SECTIONS, { to: '/blog', label: 'Blog' }];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
    isActive && 'text-slate-900 dark:text-white',
  );

/** Inside the console's router a link changes the page without a reload; close the menu then too. */
function closeMenu(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest<HTMLElement>('[popover]')?.hidePopover();
}

/**
 * The public site's header. The phone menu is a native popover: it opens, closes on Escape or an
 * outside tap, and exposes its expanded state without any JavaScript of ours, so the pre-rendered
 * pages need none for it.
 */
export function PublicHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75 dark:border-slate-800 dark:bg-slate-950/90 dark:supports-[backdrop-filter]:bg-slate-950/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-lg" aria-label="Leadbell home">
          <Logo size="sm" />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SECTIONS.map((section) => (
            <NavLink key={section.to} to={section.to} className={navLinkClass} end>
              {section.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost">
            <Link to="/sign-in">Sign In</Link>
          </Button>
          <Button asChild>
            <Link to="/sign-up">Get Started</Link>
          </Button>
        </div>
        <Button variant="ghost" size="icon" className="-mr-2 md:hidden" popoverTarget={MENU_ID} aria-label="Menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </div>

      <div
        id={MENU_ID}
        popover="auto"
        className="fixed inset-x-0 top-0 m-0 w-full max-w-none border-0 border-b border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/40 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100"
      >
        <div className="flex h-16 items-center justify-between px-4">
          <Logo size="sm" />
          <Button
            variant="ghost"
            size="icon"
            className="-mr-2"
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
            aria-label="Close menu"
          >
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
        <nav aria-label="Menu" className="grid gap-1 px-4 pb-6">
          {MENU_SECTIONS.map((section) => (
            <Link
              key={section.to}
              to={section.to}
              onClick={closeMenu}
              className="rounded-lg px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              {section.label}
            </Link>
          ))}
          <div className="mt-3 grid gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            <Button asChild variant="secondary" size="lg">
              <Link to="/sign-in" onClick={closeMenu}>
                Sign In
              </Link>
            </Button>
            <Button asChild size="lg">
              <Link to="/sign-up" onClick={closeMenu}>
                Get Started
              </Link>
            </Button>
          </div>
        </nav>
      </div>
    </header>
  );
}

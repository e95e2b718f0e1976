import {
  BookOpen,
  Building2,
  ChartColumn,
  CreditCard,
  Inbox,
  KeyRound,
  ListChecks,
  RadioTower,
  LogOut,
  Menu,
  UserRound,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Sheet, SheetContent, SheetTrigger } from '../../components/ui/sheet.tsx';
import { PaymentFailedBanner } from '../../features/billing/components/payment-failed-banner.tsx';
import { ReconnectingBanner } from '../../features/connection/components/reconnecting-banner.tsx';
import { registerServiceWorker } from '../../features/devices/service-worker.ts';
import { useSetup } from '../../features/setup/api/get-setup.ts';
import { AlertingBanner } from '../../features/setup/components/alerting-banner.tsx';
import { useLiveSetup } from '../../features/setup/hooks/use-live-setup.ts';
import { progressLabel, setupProgress } from '../../features/setup/setup-steps.ts';
import { useIsAdmin, useRequiredMe } from '../../lib/auth.ts';
import { cn } from '../../lib/cn.ts';
import { HOME_PATH } from '../../lib/redirects.ts';

type NavItem = { to: string; label: string; icon: LucideIcon; isAdminOnly?: boolean };

const NAV_ITEMS: NavItem[] = [
  { to: '/leads', label: 'Leads', icon: Inbox },
  { to: '/flows', label: 'Flows', icon: Workflow },
  { to: '/insights', label: 'Insights', icon: ChartColumn },
  { to: '/setup', label: 'Setup', icon: ListChecks },
  { to: '/api', label: 'API Keys', icon: KeyRound, isAdminOnly: true },
  { to: '/team', label: 'Team', icon: Users, isAdminOnly: true },
  { to: '/channels', label: 'Channels', icon: RadioTower },
  { to: '/business', label: 'Business', icon: Building2, isAdminOnly: true },
  { to: '/billing', label: 'Billing', icon: CreditCard, isAdminOnly: true },
  { to: '/account', label: 'Account', icon: UserRound },
  { to: '/sign-out', label: 'Sign Out', icon: LogOut },
];

function EntityBadge() {
  const me = useRequiredMe();
  const name = me.entity?.name ?? me.user.name;
  const initial = name.trim().charAt(0).toUpperCase() || 'L';
  return (
    <Link to={HOME_PATH} className="flex min-w-0 items-center gap-3 rounded-lg p-1 hover:bg-slate-100">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-700 text-sm font-bold text-white shadow-sm"
      >
        {initial}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-slate-900">{name}</span>
        <span className="block truncate text-xs text-slate-500">{me.user.email}</span>
      </span>
    </Link>
  );
}

/** "2 of 4" beside Setup while the checklist is not done. */
function useSetupBadge(): string | null {
  const setup = useSetup();
  const isAdmin = useIsAdmin();
  if (!setup.data) return null;
  const progress = setupProgress(setup.data, isAdmin);
  return progress.isComplete ? null : progressLabel(progress);
}

function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const setupBadge = useSetupBadge();
  const isAdmin = useIsAdmin();
  const items = NAV_ITEMS.filter((item) => isAdmin || !item.isAdminOnly);
  return (
    <nav aria-label="Main" className="flex-1 px-3 py-4">
      <ul className="grid gap-1">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon aria-hidden="true" className={cn('size-4.5', isActive ? 'text-brand-600' : 'text-slate-400')} />
                  {label}
                  {to === '/setup' && setupBadge ? (
                    <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 tabular-nums">
                      {setupBadge}
                      <span className="sr-only"> steps done</span>
                    </span>
                  ) : null}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-4 border-t border-slate-200 pt-4">
        {/* A plain link: the server renders the reference, it is not a console page. */}
        <a
          href="/docs/api"
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <BookOpen aria-hidden="true" className="size-4.5 text-slate-400" />
          API reference
        </a>
      </div>
    </nav>
  );
}

function SidebarFooter() {
  return (
    <div className="border-t border-slate-200 px-5 py-4">
      <Logo size="sm" className="opacity-80" />
    </div>
  );
}

/** The signed-in console: a fixed sidebar on desktop, a header with a menu sheet on phones. */
export function AppShell() {
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so any navigation closes it, including
  // links outside the nav such as the entity header.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenedOn === pathname;
  // The push worker belongs to the console: public pages never register it.
  useEffect(() => {
    registerServiceWorker();
  }, []);
  useLiveSetup();
  const setup = useSetup();
  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white md:flex">
        <div className="flex h-16 items-center border-b border-slate-200 px-3">
          <EntityBadge />
        </div>
        <Nav />
        <SidebarFooter />
      </aside>

      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-2 backdrop-blur md:hidden">
        <Sheet open={isMenuOpen} onOpenChange={(open) => setMenuOpenedOn(open ? pathname : null)}>
          <SheetTrigger className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100">
            <Menu aria-hidden="true" className="size-5" />
            <span className="sr-only">Open menu</span>
          </SheetTrigger>
          <SheetContent title="Menu" header={<EntityBadge />}>
            <Nav onNavigate={() => setMenuOpenedOn(null)} />
            <SidebarFooter />
          </SheetContent>
        </Sheet>
        <Link to={HOME_PATH} className="rounded-lg" aria-label="Leadbell, go to leads">
          <Logo size="sm" />
        </Link>
      </header>

      <div className="md:pl-64">
        <ReconnectingBanner />
        <PaymentFailedBanner />
        <AlertingBanner setup={setup.data} fixHref={pathname === '/setup' ? null : '/setup'} />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-10 lg:py-10"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}

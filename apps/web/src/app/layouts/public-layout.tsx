import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { pageHeadOf } from '../../features/public-site/seo/page-head.ts';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';

/** The page title when the console's router shows a public page (pre-rendered pages carry it in their HTML). */
function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** Header, content and footer of every public page; `theme-auto` lets it follow the system's dark mode. */
export function PublicLayout() {
  useDocumentTitle(pageHeadOf(useMatches())?.title);
  return (
    <div className="theme-auto flex min-h-dvh flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}

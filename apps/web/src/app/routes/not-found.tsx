import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { HeadOf } from '../../features/public-site/seo/page-head.ts';

type MessagePageProps = {
  code: string;
  title: string;
  body: ReactNode;
  /** More than one line of text, shown below the body. */
  children?: ReactNode;
  /** Replaces "Back to the homepage", e.g. with a way back into the console. */
  actions?: ReactNode;
};

/** A full-page message with a way home, for 404 and 403 answers. */
export function MessagePage({ code, title, body, children, actions }: MessagePageProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center dark:bg-slate-950">
      <Link to="/" className="mb-10 rounded-lg" aria-label="Leadbell home">
        <Logo />
      </Link>
      <main>
        <p className="text-sm font-semibold tracking-wide text-brand-600 dark:text-brand-300">{code}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
        <p className="mx-auto mt-3 max-w-md text-slate-600 dark:text-slate-300">{body}</p>
        {children}
        {actions ?? (
          <Button asChild size="lg" className="mt-8">
            <Link to="/">Back to the homepage</Link>
          </Button>
        )}
      </main>
    </div>
  );
}

export const notFoundHead: HeadOf = () => ({
  title: 'Page not found · Leadbell',
  description: 'The page you are looking for does not exist or has moved.',
  path: '/404',
  noindex: true,
});

export function NotFoundPage() {
  return (
    <MessagePage code="404" title="Page not found" body="The page you’re looking for doesn’t exist or has moved." />
  );
}

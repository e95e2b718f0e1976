import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';

type MessagePageProps = { code: string; title: string; body: string };

/** A full-page message with a way home, for 404 and 403 answers. */
export function MessagePage({ code, title, body }: MessagePageProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <Link to="/" className="mb-10 rounded-lg" aria-label="Leadbell home">
        <Logo />
      </Link>
      <main>
        <p className="text-sm font-semibold tracking-wide text-brand-600">{code}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mx-auto mt-3 max-w-md text-slate-600">{body}</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">Back to the homepage</Link>
        </Button>
      </main>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <MessagePage code="404" title="Page not found" body="The page you’re looking for doesn’t exist or has moved." />
  );
}

export function UnauthorizedPage() {
  return (
    <MessagePage
      code="403"
      title="Not allowed"
      body="Your account doesn’t have access to this page. Ask your account owner for help."
    />
  );
}

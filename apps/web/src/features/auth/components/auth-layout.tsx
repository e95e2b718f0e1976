import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Logo } from '../../../components/logo.tsx';

type AuthLayoutProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
};

/** The centred card every sign-in, sign-up and verification screen shares. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-10 sm:justify-center sm:py-16">
      <Link to="/" className="mb-8 rounded-lg" aria-label="Leadbell home">
        <Logo size="lg" />
      </Link>
      <main className="w-full max-w-md">
        <Card className="px-5 py-7 sm:px-8 sm:py-9">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description ? <div className="mt-2 text-sm leading-relaxed text-slate-600">{description}</div> : null}
          <div className="mt-7">{children}</div>
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </main>
    </div>
  );
}

/** A link styled for running text on auth screens. */
export function TextLink({ to, children, state }: { to: string; children: ReactNode; state?: unknown }) {
  return (
    <Link to={to} state={state} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { PublicFooter } from '../layouts/public-footer.tsx';

/** Spec section 2 leaves the address as `{email}`; one place to change it. */
const SUPPORT_EMAIL = 'support@leadbell.app';
const EFFECTIVE_DATE = 'January 14, 2025';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
        <Link to="/" className="rounded-lg" aria-label="Leadbell home">
          <Logo />
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Effective {EFFECTIVE_DATE}</p>
        <div className="mt-8 grid gap-5 leading-relaxed text-slate-700 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900">
          {children}
          <h2>Contact</h2>
          <p>
            Questions? Write to{' '}
            <a className="font-medium text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        Leadbell stores what it needs to deliver your notifications: your name, email address, your entity, the flows
        you create and the notifications your website sends.
      </p>
      <h2>How we use it</h2>
      <p>We use it only to run the service, keep it secure and contact you about your account. We do not sell it.</p>
    </LegalPage>
  );
}

export function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service">
      <p>By using Leadbell you agree to these terms. You must be at least 18 years old to use the service.</p>
      <h2>Plans and billing</h2>
      <p>
        Plans are billed month to month with no contract. Prices are in USD, excluding taxes. Plan changes take effect
        from the next billing cycle.
      </p>
    </LegalPage>
  );
}

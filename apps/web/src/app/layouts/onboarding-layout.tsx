import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';

type OnboardingLayoutProps = {
  step: 1 | 2;
  title: string;
  description: ReactNode;
  wide?: boolean;
  children: ReactNode;
};

const STEPS = ['Create your entity', 'Choose a plan'] as const;

/** Entity and plan onboarding: a progress header, the step's form and a way out (Sign Out). */
export function OnboardingLayout({ step, title, description, wide = false, children }: OnboardingLayoutProps) {
  const signOut = useSignOut();
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <header className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
        <Logo size="sm" />
        <Button variant="ghost" size="sm" onClick={() => signOut.mutate()} isLoading={signOut.isPending}>
          Sign Out
        </Button>
      </header>
      <main className={cn('mx-auto w-full px-4 pt-6 pb-16 sm:px-6 sm:pt-10', wide ? 'max-w-4xl' : 'max-w-lg')}>
        {signOut.isError ? (
          <Alert tone="error" className="mb-6">
            {errorMessage(signOut.error)}
          </Alert>
        ) : null}
        <ol
          aria-label="Onboarding progress"
          className="mb-6 flex items-center gap-3 text-xs font-medium text-slate-500"
        >
          {STEPS.map((label, index) => {
            const number = index + 1;
            const isCurrent = number === step;
            const isDone = number < step;
            return (
              <li key={label} aria-current={isCurrent ? 'step' : undefined} className="flex items-center gap-2">
                <span
                  className={cn(
                    'flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                    isCurrent || isDone ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-600',
                  )}
                >
                  {number}
                </span>
                <span className={cn(isCurrent && 'text-slate-900')}>{label}</span>
                {number < STEPS.length ? (
                  <span aria-hidden="true" className="ml-1 h-px w-6 bg-slate-300 sm:w-10" />
                ) : null}
              </li>
            );
          })}
        </ol>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <div className="mt-2 text-sm leading-relaxed text-slate-600">{description}</div>
        <div className="mt-8">{children}</div>
      </main>
    </div>
  );
}

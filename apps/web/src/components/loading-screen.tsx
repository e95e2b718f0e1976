import { Logo } from './logo.tsx';
import { Spinner } from './ui/spinner.tsx';

/** Shown while the auth state is unknown (spec section 2). */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50">
      <Logo size="lg" />
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="text-brand-600" />
        Loading…
      </p>
    </div>
  );
}

import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <Logo size="sm" />
        <nav aria-label="Legal" className="flex gap-6">
          <Link to="/privacy-policy" className="hover:text-slate-900">
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" className="hover:text-slate-900">
            Terms of Service
          </Link>
        </nav>
        <p>© {new Date().getFullYear()} Leadbell. All rights reserved.</p>
      </div>
    </footer>
  );
}

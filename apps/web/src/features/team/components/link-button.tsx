import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

/** A full-width button that goes to another page of the app. */
export function LinkButton({ to, children, variant }: { to: string; children: string; variant?: 'secondary' }) {
  return (
    <Button asChild size="lg" variant={variant} className="w-full">
      <Link to={to}>{children}</Link>
    </Button>
  );
}

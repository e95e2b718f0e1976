import { useId, type ReactNode } from 'react';
import { Card } from './card.tsx';

type SectionCardProps = {
  /** Makes the section a link target (`/account#plan`) that keyboard focus can land on. */
  id?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** A titled section of a settings-like page, in a card, named by its heading for screen readers. */
export function SectionCard({ id, title, description, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <section
        id={id}
        tabIndex={id ? -1 : undefined}
        aria-labelledby={headingId}
        className="grid min-w-0 scroll-mt-24 gap-4 outline-none"
      >
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900 sm:text-lg">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
        </div>
        {children}
      </section>
    </Card>
  );
}

import type { ReactNode } from 'react';

/** The heading block of an admin screen: title, a line of explanation and the screen's actions. */
export function AdminPageHeader({ title, lead, actions }: { title: ReactNode; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A white card of an admin screen, optionally with a heading. */
export function AdminCard({
  title,
  children,
  className = '',
  headingLevel = 2,
  id,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
  id?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section id={id} className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      {title && <Heading className="mb-4 text-lg font-semibold text-slate-900">{title}</Heading>}
      {children}
    </section>
  );
}

/** The admin screens' button classes are the form kit's (core/ui/form/button.tsx). */
export { dangerButton, primaryButton, secondaryButton } from '../form/button';

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';

/** The band at the top of a public page (content, rentals, …): breadcrumbs, the page's h1 and an optional lead. */
export function PageHeader({
  title,
  lead,
  crumbs = [],
  children,
}: {
  title: string;
  lead?: string;
  /** Links between home and this page. */
  crumbs?: { to: string; label: string }[];
  children?: ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
        <nav aria-label={t('nav.breadcrumbs')}>
          <ol className="flex flex-wrap items-center gap-1 text-sm text-brand-100">
            <li>
              <Link to={`/${locale}`} className="hover:text-white hover:underline">
                {t('nav.home')}
              </Link>
            </li>
            {crumbs.map((cr) => (
              <li key={cr.to} className="flex items-center gap-1">
                <span aria-hidden="true">/</span>
                <Link to={cr.to} className="hover:text-white hover:underline">
                  {cr.label}
                </Link>
              </li>
            ))}
            <li className="flex items-center gap-1">
              <span aria-hidden="true">/</span>
              <span aria-current="page" className="text-white">
                {title}
              </span>
            </li>
          </ol>
        </nav>
        <h1 className="mt-3 max-w-4xl text-3xl font-bold leading-tight sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 max-w-3xl text-base text-brand-100 sm:text-lg">{lead}</p>}
        {children}
      </div>
    </div>
  );
}

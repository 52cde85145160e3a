import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';

/** The band at the top of a rental page: breadcrumbs, the h1 and a lead. */
export function PageBand({ title, lead, crumbs = [], children }: { title: string; lead?: string; crumbs?: { to: string; label: string }[]; children?: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-12">
        <nav aria-label={locale === 'pl' ? 'Okruszki' : 'Breadcrumbs'}>
          <ol className="flex flex-wrap items-center gap-1 text-sm text-brand-100">
            <li>
              <Link to={`/${locale}`} className="hover:text-white hover:underline">
                {t('nav.home')}
              </Link>
            </li>
            {crumbs.map((c) => (
              <li key={c.to} className="flex items-center gap-1">
                <span aria-hidden="true">/</span>
                <Link to={c.to} className="hover:text-white hover:underline">
                  {c.label}
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

/** "01.12.2026" from "2026-12-01" (SPEC section 5: DD.MM.YYYY). */
export function dayLabel(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

const STATUS_STYLE: Record<string, string> = {
  new: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-blue-100 text-blue-900',
  contract_signed: 'bg-indigo-100 text-indigo-900',
  sent: 'bg-sky-100 text-sky-900',
  returned: 'bg-teal-100 text-teal-900',
  settled: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status] ?? STATUS_STYLE.new}`}>{label}</span>;
}

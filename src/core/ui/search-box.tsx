import { Form, useLocation } from 'react-router';
import type { Locale } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';

/**
 * Search in the catalogue: GET /{locale}/category?search=… (SPEC section 2). A second box on a page
 * (the home hero) passes its own `label`, so the two search landmarks are told apart.
 */
export function SearchBox({ locale, id, label }: { locale: Locale; id: string; label?: string }) {
  const t = useT();
  const location = useLocation();
  const current = new URLSearchParams(location.search).get('search') ?? '';
  return (
    <Form method="get" action={`/${locale}/category`} role="search" aria-label={label} className="flex w-full">
      <label htmlFor={id} className="sr-only">
        {label ?? t('nav.search')}
      </label>
      <input
        id={id}
        name="search"
        type="search"
        defaultValue={current}
        key={current}
        maxLength={100}
        placeholder={t('nav.search')}
        className="min-w-0 flex-1 rounded-l-md border border-r-0 border-slate-300 px-3 py-2 text-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <button type="submit" className="inline-flex items-center gap-1.5 rounded-r-md bg-brand-700 px-3.5 text-sm font-medium text-white hover:bg-brand-800">
        <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="9" cy="9" r="6" />
          <path d="M14 14l4 4" strokeLinecap="round" />
        </svg>
        <span className="sr-only sm:not-sr-only">{t('nav.searchButton')}</span>
      </button>
    </Form>
  );
}

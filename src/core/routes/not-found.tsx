import { data, Link, useRouteLoaderData } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { LOCALE_ROUTE_ID } from '~/core/seo/meta';
import { SearchBox } from '~/core/ui/search-box';
import { notFoundMeta } from './not-found-meta';

// Any unknown path under a valid locale: the 404 page with HTTP status 404. It is also the view
// the features show for a missing post, product or page. A way on instead of a dead end: the
// catalogue search and the main categories the layout has already loaded.
export function loader() {
  return data(null, { status: 404 });
}

type MetaMatches = Parameters<typeof notFoundMeta>[0];

export { notFoundMeta };

export function meta({ matches }: { matches: MetaMatches }) {
  return notFoundMeta(matches);
}

/** What this page reads of the layout's data: the main categories of the mega-menu. */
interface LayoutCategories {
  categories?: { id: number; slug: string; name: string }[];
}

export default function NotFound() {
  const t = useT();
  const locale = useLocale();
  const categories = (useRouteLoaderData(LOCALE_ROUTE_ID) as LayoutCategories | undefined)?.categories ?? [];
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:py-24">
      <p className="text-6xl font-black text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-600">{t('notFound.text')}</p>
      <div className="mx-auto mt-8 max-w-md text-left">
        <SearchBox locale={locale} id="not-found-search" />
      </div>
      {categories.length > 0 && (
        <nav aria-labelledby="not-found-categories" className="mt-10">
          <h2 id="not-found-categories" className="text-lg font-semibold text-slate-900">
            {t('notFound.categories')}
          </h2>
          <ul className="mt-4 flex flex-wrap justify-center gap-2">
            {categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/${locale}/category/${c.id}-${c.slug}`}
                  className="inline-block rounded-full border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-800"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Link to={`/${locale}`} className="mt-10 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
        {t('notFound.home')}
      </Link>
    </section>
  );
}

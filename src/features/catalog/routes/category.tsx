import { data, Link, redirect } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { isLocale, translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { Pagination } from '~/core/ui/pagination';
import { type AlternatePathsHandle, layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { type CategoryLink, type CategoryView, getCategory, listProducts, mainCategoryLinks } from '../catalog.server';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs';
import { CategoryFilters } from '../components/category-filters';
import { ActiveFilters, FacetPanel } from '../components/facet-panel';
import { listingQuery, parseInStock, parseSort, selectionFromParams } from '../facets';
import { CatalogErrorBoundary, notFoundMeta } from '../components/not-found-boundary';
import { ProductGrid } from '../components/product-grid';
import { catalogMessages } from '../messages';
import { canonicalRedirect, categoryPath, MAX_QUERY_LENGTH, parseIdSlug } from '../search';
import type { Route } from './+types/category';

// /{locale}/category            all products, or search results with ?search=
// /{locale}/category/{id}-{slug} products of a category and all its subcategories
export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  const url = new URL(request.url);
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const page = parsePage(url.searchParams.get('page'));
  const selection = selectionFromParams(url.searchParams);
  const sort = parseSort(url.searchParams.get('sort'));
  const inStock = parseInStock(url.searchParams);

  let category: CategoryView | null = null;
  if (params.idSlug !== undefined) {
    const parsed = parseIdSlug(params.idSlug);
    category = parsed ? await getCategory(parsed.id, locale) : null;
    if (!category) throw data(null, { status: 404 });
    // A missing or outdated slug answers 301 with the canonical URL (query kept).
    const target = canonicalRedirect(request.url, categoryPath(locale, category.id, category.slug));
    if (target) throw redirect(target, 301);
  }

  const [list, filters] = await Promise.all([
    listProducts({ locale, categoryId: category?.id, search: search || undefined, page, selection, sort, inStock }),
    category ? Promise.resolve(category.children) : mainCategoryLinks(locale),
  ]);
  // Only the facets the index knows stay in the state (links and hidden fields).
  const known = new Set(list.facets.map((f) => f.code));
  for (const code of Object.keys(selection)) if (!known.has(code)) delete selection[code];
  return { locale, category, search, list, filters, selection, sort, inStock };
}

/** A category's address in each language (its slugs differ): the language switch (meta adds the page). */
export const handle: AlternatePathsHandle<{ category: { id: number; slugs: Record<'pl' | 'en', string> } | null }> = {
  alternatePaths: (d) =>
    d?.category ? { pl: `/category/${d.category.id}-${d.category.slugs.pl}`, en: `/category/${d.category.id}-${d.category.slugs.en}` } : undefined,
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches);
  const layout = layoutFromMatches(matches);
  const t = translator(catalogMessages, layout.locale);
  const { category, search, list } = loaderData;
  // Filtered and re-sorted listings are variants of the category page: not indexed.
  const variant = Object.keys(loaderData.selection).length > 0 || loaderData.sort !== 'name' || loaderData.inStock;
  const pageSuffix = list.page > 1 ? `?page=${list.page}` : '';
  if (category) {
    return seoMeta({
      ...layout,
      path: `/category/${category.id}-${category.slug}${pageSuffix}`,
      alternatePaths: {
        pl: `/category/${category.id}-${category.slugs.pl}${pageSuffix}`,
        en: `/category/${category.id}-${category.slugs.en}${pageSuffix}`,
      },
      title: category.name,
      description: category.description || undefined,
      robots: search || variant ? 'noindex, follow' : undefined,
    });
  }
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (list.page > 1) query.set('page', String(list.page));
  const qs = query.toString();
  return seoMeta({
    ...layout,
    path: `/category${qs ? `?${qs}` : ''}`,
    title: search ? t('category.searchTitle', { q: search }) : t('category.allTitle'),
    description: t('categories.intro'),
    robots: search || variant ? 'noindex, follow' : undefined,
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogMessages);
  const { locale, category, search, list, filters, selection, sort, inStock } = loaderData;
  // Subcategory links keep the search, the chosen facets and the sort order.
  const query = listingQuery({ search, selection, sort, inStock });
  const hereBase = category ? categoryPath(locale, category.id, category.slug) : `/${locale}/category`;
  const crumbs: Crumb[] = [
    { label: t('home'), to: `/${locale}` },
    { label: t('categories.title'), to: `/${locale}/categories` },
  ];
  if (category) for (const c of category.trail) crumbs.push({ label: c.name, to: categoryPath(locale, c.id, c.slug) });
  else crumbs.push({ label: search ? t('category.searchTitle', { q: search }) : t('category.allTitle') });

  const title = category ? category.name : search ? t('category.searchTitle', { q: search }) : t('category.allTitle');
  const hrefOf = (c: CategoryLink) => `${categoryPath(locale, c.id, c.slug)}${query}`;

  return (
    <>
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
          <Breadcrumbs items={crumbs} />
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {category?.description && !search && <p className="mt-2 max-w-3xl text-slate-600">{category.description}</p>}
          <p className="mt-2 text-sm text-slate-600" aria-live="polite">
            {t('category.count', { n: list.total })}
            {search && (
              <>
                {' · '}
                {t('category.searchHint')}{' '}
                <Link to={hereBase} className="font-medium text-brand-700 underline">
                  {t('category.clearSearch')}
                </Link>
              </>
            )}
          </p>
          <CategoryFilters
            label={category ? t('category.filters') : t('category.filtersAll')}
            allHref={`${hereBase}${query}`}
            links={filters}
            hrefOf={hrefOf}
          />
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:py-8 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
        <aside aria-label={t('facets.title')} className="lg:pt-1">
          <FacetPanel facets={list.facets} state={{ base: hereBase, search, selection, sort, inStock }} />
        </aside>
        <div>
          <ActiveFilters facets={list.facets} state={{ base: hereBase, search, selection, sort, inStock }} />
          {list.items.length > 0 ? (
            <ProductGrid items={list.items} />
          ) : (
            <p className="rounded-lg border border-slate-200 bg-white px-6 py-12 text-center text-slate-700">{t('category.empty')}</p>
          )}
          <Pagination page={list.page} pages={list.pages} />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary />;
}

import { data, Link, Outlet, redirect } from 'react-router';
import { fileUrl, imageUrl } from '~/core/files/urls';
import { formatFileSize } from '~/core/i18n/file-size';
import { isLocale, translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { Gallery } from '~/core/ui/gallery';
import { type AlternatePathsHandle, layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { getProduct, type ProductPage } from '../catalog.server';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs';
import { ProductGrid } from '../components/product-grid';
import { CatalogErrorBoundary, notFoundMeta } from '../components/not-found-boundary';
import { AvailabilityLabel } from '../components/availability-label';
import { catalogMessages, fileKind, formatMultiple, stockMessages } from '../messages';
import { canonicalRedirect, categoryPath, parseIdSlug, productPath } from '../search';
import type { Route } from './+types/product';

// /{locale}/product/{id}-{slug}: route "product" with parameters locale, id and slug (SPEC section 2).
export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  const parsed = parseIdSlug(params.idSlug);
  const product = parsed ? await getProduct(parsed.id, locale) : null;
  if (!product) throw data(null, { status: 404 });
  // A missing or outdated slug answers 301 with the canonical URL.
  const target = canonicalRedirect(request.url, productPath(locale, product.id, product.slug));
  if (target) throw redirect(target, 301);
  return { locale, product };
}

function jsonLd(p: ProductPage, locale: 'pl' | 'en', origin: string) {
  const t = translator(catalogMessages, locale);
  const url = `${origin}${productPath(locale, p.id, p.slug)}`;
  const crumbs = [
    { name: t('home'), item: `${origin}/${locale}` },
    { name: t('categories.title'), item: `${origin}/${locale}/categories` },
    ...p.trail.map((c) => ({ name: c.name, item: `${origin}${categoryPath(locale, c.id, c.slug)}` })),
    { name: p.name, item: url },
  ];
  const sku = p.numbers[0]?.number;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      description: p.lead,
      url,
      ...(sku ? { sku, mpn: sku } : {}),
      brand: { '@type': 'Brand', name: 'COBI NET' },
      manufacturer: { '@type': 'Organization', name: 'COBI NET' },
      category: p.trail.map((c) => c.name).join(' > '),
      image: p.images.map((i) => `${origin}${imageUrl(i.fileId, 1024)}`),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.item })),
    },
  ];
}

/** The product's address in each language (its slugs differ): meta's hreflang links and the language switch. */
export const handle: AlternatePathsHandle<{ product: { id: number; slugs: Record<'pl' | 'en', string> } }> = {
  alternatePaths: (d) =>
    d?.product ? { pl: `/product/${d.product.id}-${d.product.slugs.pl}`, en: `/product/${d.product.id}-${d.product.slugs.en}` } : undefined,
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches);
  const layout = layoutFromMatches(matches);
  const p = loaderData.product;
  const image = p.images[0];
  return seoMeta({
    ...layout,
    path: `/product/${p.id}-${p.slug}`,
    alternatePaths: handle.alternatePaths(loaderData),
    title: p.name,
    description: p.lead,
    image: image ? imageUrl(image.fileId, 1024) : undefined,
    type: 'product',
    jsonLd: jsonLd(p, layout.locale, layout.origin),
  });
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogMessages);
  const ts = useT(stockMessages);
  const { locale, product: p } = loaderData;
  const crumbs: Crumb[] = [
    { label: t('home'), to: `/${locale}` },
    { label: t('categories.title'), to: `/${locale}/categories` },
    ...p.trail.map((c) => ({ label: c.name, to: categoryPath(locale, c.id, c.slug) })),
    { label: p.name },
  ];
  return (
    <article className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={crumbs} />
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-12">
        <Gallery images={p.images} label={t('product.gallery')} emptyText={t('product.noImage')} priority />
        <div>
          {p.category && (
            <p className="text-sm font-medium text-brand-700">
              <Link to={categoryPath(locale, p.category.id, p.category.slug)} className="hover:underline">
                {p.category.name}
              </Link>
            </p>
          )}
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{p.name}</h1>
          {p.lead && <p className="mt-3 text-lg leading-relaxed text-slate-700">{p.lead}</p>}

          {p.numbers.length > 0 && (
            <section aria-labelledby="numbers-heading" className="mt-6">
              <h2 id="numbers-heading" className="text-base font-semibold text-slate-900">
                {t('product.numbers')}
              </h2>
              <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full text-left text-sm">
                  <thead className="bg-slate-50 text-slate-600">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('product.number')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('product.numberName')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">
                        {t('product.multiple')}
                      </th>
                      <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                        {ts('stock.heading')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {p.numbers.map((n) => (
                      <tr key={n.number}>
                        {/* On a phone a long number breaks at its hyphens rather than push the table sideways (issue 41 point 20). */}
                        <td className="px-3 py-2 font-mono text-slate-900 sm:whitespace-nowrap">{n.number}</td>
                        <td className="px-3 py-2 text-slate-700">
                          {n.name}
                          {/* Narrow screens: the availability under the name instead of a column of its own. */}
                          <span className="mt-1 block sm:hidden" data-testid="availability-narrow">
                            <AvailabilityLabel availability={n.availability} locale={locale} />
                          </span>
                        </td>
                        <td className="whitespace-nowrap px-3 py-2 text-right text-slate-700">{formatMultiple(n.multiple, n.unit, locale)}</td>
                        <td className="hidden px-3 py-2 sm:table-cell" data-testid="availability" data-state={n.availability.state}>
                          <AvailabilityLabel availability={n.availability} locale={locale} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}

          {p.versions.length > 0 && (
            <section aria-labelledby="versions-heading" className="mt-6">
              <h2 id="versions-heading" className="text-base font-semibold text-slate-900">
                {t('product.versions')}
              </h2>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                {p.versions.map((v) => (
                  <li key={v} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
                    <span className="block font-semibold text-slate-900">{t(`product.versionName.${v}` as 'product.versionName.Flatpack')}</span>
                    <span className="text-sm text-slate-600">{t(`product.version.${v}` as 'product.version.Flatpack')}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {p.specs.length > 0 && (
            <section aria-labelledby="specs-heading" className="mt-6">
              <h2 id="specs-heading" className="text-base font-semibold text-slate-900">
                {t('product.specs')}
              </h2>
              <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full text-left text-sm" data-testid="specs">
                  <thead className="sr-only">
                    <tr>
                      <th scope="col">{t('product.specName')}</th>
                      <th scope="col">{t('product.specValue')}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {p.specs.map((s) => (
                      <tr key={s.code}>
                        <th scope="row" className="w-1/2 bg-slate-50 px-3 py-2 font-medium text-slate-700">
                          {s.name}
                        </th>
                        <td className="px-3 py-2 text-slate-900">{s.value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}

          {/* What the application layer adds to a product (the shop's "add to cart", app/pages/product-order.tsx). */}
          <Outlet />

          {p.datasheet && (
            <a
              href={fileUrl(p.datasheet.fileId, p.datasheet.filename, { inline: true })}
              target="_blank"
              rel="noopener"
              className="mt-6 inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
            >
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                <path d="M8 1v9m0 0l-3.5-3.5M8 10l3.5-3.5M2 12v2h12v-2" stroke="currentColor" strokeWidth="1.6" fill="none" />
              </svg>
              <span>
                {t('product.datasheet')}
                <span className="sr-only"> ({t('product.datasheetOpen')})</span>
              </span>
              <span className="font-normal text-brand-100">
                {fileKind(p.datasheet.filename)}, {formatFileSize(p.datasheet.size, locale)}
              </span>
            </a>
          )}
        </div>
      </div>

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-3">
        <section aria-labelledby="description-heading" className="lg:col-span-2">
          <h2 id="description-heading" className="text-xl font-semibold text-slate-900">
            {t('product.description')}
          </h2>
          {/* Descriptions are sanitized HTML written by the catalogue (admin editor or demo seed). */}
          <div
            className="mt-3 leading-relaxed text-slate-700 [&_h3]:mt-6 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_p]:mt-3 [&_strong]:text-slate-900 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on write (core/html/sanitize.server.ts)
            dangerouslySetInnerHTML={{ __html: p.description }}
          />
        </section>

        {p.documents.length > 0 && (
          <section aria-labelledby="documents-heading">
            <h2 id="documents-heading" className="text-xl font-semibold text-slate-900">
              {t('product.documents')}
            </h2>
            <div className="mt-3 space-y-5">
              {p.documents.map((group) => (
                <div key={group.type}>
                  <h3 className="text-sm font-semibold text-slate-700">{t(`doc.${group.type}`)}</h3>
                  <ul className="mt-2 space-y-2">
                    {group.items.map((d) => (
                      <li key={d.fileId}>
                        <a
                          href={fileUrl(d.fileId, d.filename)}
                          download={d.filename}
                          className="flex items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm hover:border-brand-300 hover:bg-brand-50"
                        >
                          <span aria-hidden="true" className="mt-0.5 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-700">
                            {fileKind(d.filename)}
                          </span>
                          <span className="flex-1">
                            <span className="block font-medium text-slate-900">{d.name}</span>
                            <span className="block text-xs text-slate-600">
                              {t('product.download')} · {d.filename} · {formatFileSize(d.size, locale)}
                            </span>
                          </span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </section>
        )}
      </div>

      {p.accessories.length > 0 && (
        <section aria-labelledby="accessories-heading" className="mt-12 border-t border-slate-200 pt-8">
          <h2 id="accessories-heading" className="text-xl font-semibold text-slate-900">
            {t('product.accessories')}
          </h2>
          <div className="mt-4">
            <ProductGrid items={p.accessories} label={t('product.accessories')} eager={false} />
          </div>
        </section>
      )}

      {p.related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-12 border-t border-slate-200 pt-8">
          <h2 id="related-heading" className="text-xl font-semibold text-slate-900">
            {t('product.related')}
          </h2>
          <div className="mt-4">
            <ProductGrid items={p.related} label={t('product.related')} eager={false} />
          </div>
        </section>
      )}
    </article>
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary />;
}

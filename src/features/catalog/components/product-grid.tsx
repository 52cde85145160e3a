import { Link } from 'react-router';
import { ResponsiveImage } from '~/core/files/responsive-image';
import { useLocale, useT } from '~/core/i18n/use-locale';
import type { ProductCard } from '../catalog.server';
import { catalogMessages } from '../messages';
import { productPath } from '../search';

/** Cards above the fold on a phone or a wide screen load at once; the rest lazily. */
const EAGER = 4;

/** The product grid: image, name and first catalogue number of each product. */
/** `eager`: the first cards' images load at once (a listing's top); off below the fold (related products). */
export function ProductGrid({ items, label, eager = true }: { items: ProductCard[]; label?: string; eager?: boolean }) {
  const t = useT(catalogMessages);
  const locale = useLocale();
  return (
    <ul aria-label={label ?? t('category.products')} className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4">
      {items.map((p, i) => (
        <li
          key={p.id}
          className="group relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white transition hover:border-brand-300 hover:shadow-md"
        >
          <div className="aspect-[4/3] bg-slate-50">
            {p.image ? (
              <ResponsiveImage
                image={p.image}
                sizes="(min-width: 1280px) 300px, (min-width: 768px) 30vw, 48vw"
                displayWidth={320}
                priority={eager && i < EAGER}
                className="h-full w-full object-contain"
              />
            ) : null}
          </div>
          <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
            <h2 className="text-sm font-semibold leading-snug text-slate-900 sm:text-base">
              <Link to={productPath(locale, p.id, p.slug)} className="after:absolute after:inset-0 group-hover:text-brand-700 focus-visible:outline-none">
                {p.name}
              </Link>
            </h2>
            {p.attrs && p.attrs.length > 0 && (
              <dl className="mt-1 space-y-0.5 text-xs text-slate-700" data-testid="card-attrs">
                {p.attrs.map((a) => (
                  <div key={a.name} className="flex flex-wrap gap-x-1">
                    <dt className="text-slate-600">{a.name}:</dt>
                    <dd className="font-semibold text-slate-800">{a.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {p.number && <p className="mt-auto pt-1 font-mono text-xs text-slate-600">{p.number}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

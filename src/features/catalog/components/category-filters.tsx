import { useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '~/core/i18n/use-locale';
import { useScrollFade } from '~/core/ui/scroll-fade';
import type { CategoryLink } from '../catalog.server';
import { catalogMessages } from '../messages';

/**
 * Links to the subcategories of the listed category (or to the main categories on the
 * all-products page). The search query, if any, is kept.
 */
export function CategoryFilters({
  label,
  allHref,
  links,
  hrefOf,
}: {
  label: string;
  /** The current listing without a subcategory filter (marked as current). */
  allHref: string;
  links: CategoryLink[];
  hrefOf: (c: CategoryLink) => string;
}) {
  const t = useT(catalogMessages);
  const row = useRef<HTMLUListElement>(null);
  useScrollFade(row);
  if (links.length === 0) return null;
  const chip = 'inline-flex items-center whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium transition';
  return (
    <nav aria-label={label} className="mt-6">
      {/* One scrollable row on phones (its edges fade while there is more to scroll), wrapped rows on wider screens. */}
      <ul ref={row} className="scroll-fade -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <li className="shrink-0">
          <Link to={allHref} aria-current="page" className={`${chip} border-brand-700 bg-brand-700 text-white`}>
            {t('category.filterAll')}
          </Link>
        </li>
        {links.map((c) => (
          <li key={c.id} className="shrink-0">
            <Link to={hrefOf(c)} className={`${chip} border-slate-300 bg-white text-slate-700 hover:border-brand-400 hover:text-brand-800`}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

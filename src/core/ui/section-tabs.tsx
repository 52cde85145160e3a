import { Link, useLocation } from 'react-router';

/**
 * The href of a page section chosen by `?section=` that keeps the rest of the query (SPEC section 2:
 * the lists' query rules), except the page number, which belongs to the list being left.
 */
export function sectionTabHref(pathname: string, search: string, section: string, extra: Record<string, string | null> = {}): string {
  const q = new URLSearchParams(search);
  q.delete('page');
  q.set('section', section);
  for (const [key, value] of Object.entries(extra)) {
    if (value === null) q.delete(key);
    else q.set(key, value);
  }
  return `${pathname}?${q}`;
}

/** Pill tabs switching `?section=` of the current page, keyboard-usable links with aria-current. */
export function SectionTabs<S extends string>({
  label,
  sections,
  current,
  labelOf,
  extra,
}: {
  label: string;
  sections: readonly S[];
  /** The section shown; null when the page shows something else (a search across the sections): no tab is current. */
  current: S | null;
  labelOf: (s: S) => string;
  /** Query keys the tabs set or (null) drop, e.g. a search that belongs to one section's list. */
  extra?: Record<string, string | null>;
}) {
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {sections.map((s) => (
          <li key={s}>
            <Link
              to={sectionTabHref(pathname, search, s, extra)}
              aria-current={s === current ? 'page' : undefined}
              preventScrollReset
              className={`inline-block rounded-full border px-4 py-2 text-sm font-semibold ${
                s === current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-700 hover:border-brand-600 hover:text-brand-800'
              }`}
            >
              {labelOf(s)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

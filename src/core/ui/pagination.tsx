import { Link, useLocation } from 'react-router';
import { pageHref } from '~/core/http/pagination';
import { useT } from '~/core/i18n/use-locale';

/** Page numbers to show: the first, the last and two around the current one; null is a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, n] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && n - prev > 1) out.push(n - prev === 2 ? n - 1 : null);
    out.push(n);
  }
  return out;
}

const item = 'inline-flex min-w-10 items-center justify-center gap-1 rounded-md border px-3 py-2 text-sm font-medium';

/**
 * SPEC section 2 "Lists": links keep the route, its parameters and every other query value and
 * change only `page`; the control shows only when there is more than one page; the text reads
 * "View x of y pages".
 */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const t = useT();
  const location = useLocation();
  if (pages <= 1) return null;
  const here = `${location.pathname}${location.search}`;
  const href = (n: number) => pageHref(here, n);
  return (
    <nav aria-label={t('pagination.label')} className="mt-10 flex flex-col items-center gap-3">
      <p className="text-sm text-slate-600">{t('pagination.text', { x: page, y: pages })}</p>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={`${item} border-slate-300 text-slate-700 hover:bg-slate-50`}>
              <span aria-hidden="true">‹</span>
              {t('pagination.prev')}
            </Link>
          ) : (
            <span aria-disabled="true" className={`${item} border-slate-200 text-slate-500`}>
              <span aria-hidden="true">‹</span>
              {t('pagination.prev')}
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-label={t('pagination.page', { n })}
                aria-current={n === page ? 'page' : undefined}
                className={`${item} ${n === page ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={href(page + 1)} rel="next" className={`${item} border-slate-300 text-slate-700 hover:bg-slate-50`}>
              {t('pagination.next')}
              <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={`${item} border-slate-200 text-slate-500`}>
              {t('pagination.next')}
              <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

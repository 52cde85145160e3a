import { useEffect, useRef } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { useT } from '~/core/i18n/use-locale';
import { type FacetSelection, type FacetView, FACET_PARAM_PREFIX, type ListingSort, listingQuery, STOCK_PARAM } from '../facets';
import { catalogMessages, stockMessages } from '../messages';

/** The selection without one facet, or without one value of it. */
export function without(selection: FacetSelection, code: string, value?: string): FacetSelection {
  const out: FacetSelection = {};
  for (const [c, values] of Object.entries(selection)) {
    const kept = c !== code ? values : value === undefined ? [] : values.filter((v) => v !== value);
    if (kept.length) out[c] = kept;
  }
  return out;
}

interface ListingState {
  /** The listing's path (category or all products), without a query. */
  base: string;
  search: string;
  selection: FacetSelection;
  sort: ListingSort;
  /** Only products in stock (`?stock=1`). */
  inStock: boolean;
}

const href = (s: ListingState, change: Partial<Omit<ListingState, 'base'>>) =>
  `${s.base}${listingQuery({ search: s.search, selection: s.selection, sort: s.sort, inStock: s.inStock, ...change })}`;

/**
 * The facets of a listing as one GET form: a checkbox per value with its count (the products it
 * would give with the other facets' selections kept). Without JavaScript the button applies the
 * form; with it, every change submits at once. On narrow screens the panel is a closed
 * disclosure; from `lg` up it is always open (where the browser can style ::details-content).
 */
export function FacetPanel({ facets, state }: { facets: FacetView[]; state: ListingState }) {
  const t = useT(catalogMessages);
  const ts = useT(stockMessages);
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const caughtUp = useRef(false);
  // A box ticked before hydration fired no change React could see: once hydrated, a form that no
  // longer matches what the server rendered (checked vs the `checked` attribute) is applied.
  useEffect(() => {
    const form = formRef.current;
    if (!form || caughtUp.current) return;
    caughtUp.current = true;
    const boxes = form.querySelectorAll<HTMLInputElement>('input[type=checkbox]');
    if ([...boxes].some((b) => b.checked !== b.defaultChecked)) submit(form, { preventScrollReset: true });
  }, [submit]);
  const chosen = facets.reduce((n, f) => n + f.selected, 0) + (state.inStock ? 1 : 0);
  const sorts: ListingSort[] = ['name', 'newest'];
  const desktopOpen = 'lg:supports-[selector(::details-content)]:[&::details-content]:[content-visibility:visible]';
  return (
    <details className={`group rounded-lg border border-slate-200 bg-white lg:border-0 lg:bg-transparent ${desktopOpen}`} data-testid="facets">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 lg:supports-[selector(::details-content)]:hidden [&::-webkit-details-marker]:hidden">
        <span>
          {t('facets.toggle')}
          {chosen > 0 && (
            <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('facets.selectedCount', { n: chosen })}</span>
          )}
        </span>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" className="transition group-open:rotate-180">
          <path d="M3 6l5 5 5-5" stroke="currentColor" strokeWidth="1.8" fill="none" />
        </svg>
      </summary>
      <div className="space-y-5 px-4 pb-4 lg:px-0">
        <nav aria-label={t('sort.label')} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-slate-700">{t('sort.label')}</span>
          {sorts.map((s) => (
            <Link
              key={s}
              to={href(state, { sort: s })}
              aria-current={state.sort === s ? 'true' : undefined}
              preventScrollReset
              className={`inline-flex min-h-9 items-center rounded-full border px-3 font-medium ${state.sort === s ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-400'}`}
            >
              {t(s === 'name' ? 'sort.name' : 'sort.newest')}
            </Link>
          ))}
        </nav>
        {
          <Form
            ref={formRef}
            method="get"
            action={state.base}
            preventScrollReset
            aria-label={t('facets.title')}
            onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
            className="space-y-4"
          >
            {state.search && <input type="hidden" name="search" value={state.search} />}
            {state.sort !== 'name' && <input type="hidden" name="sort" value={state.sort} />}
            <label className="flex min-h-11 cursor-pointer items-start gap-2 rounded border-t border-slate-200 px-1 pt-3 text-sm text-slate-800 hover:bg-slate-50">
              <input
                type="checkbox"
                name={STOCK_PARAM}
                value="1"
                defaultChecked={state.inStock}
                key={`stock:${state.inStock}`}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-brand-700"
                data-testid="in-stock-filter"
              />
              <span>
                <span className="block font-semibold text-slate-900">{ts('stock.filter')}</span>
                <span className="block text-slate-600">{ts('stock.filterHint')}</span>
              </span>
            </label>
            {facets.map((f) => {
              const headingId = `facet-${f.code}`;
              return (
                <fieldset key={f.code} className="relative border-t border-slate-200 pt-3">
                  <legend id={headingId} className="float-left pr-16 text-sm font-semibold text-slate-900">
                    {f.name}
                  </legend>
                  {f.selected > 0 && (
                    <Link
                      to={href(state, { selection: without(state.selection, f.code) })}
                      preventScrollReset
                      aria-label={t('facets.clearFacet', { name: f.name })}
                      className="absolute right-0 top-3 text-sm font-medium text-brand-700 underline"
                    >
                      {t('facets.clear')}
                    </Link>
                  )}
                  <ul className="clear-left pt-2 space-y-0.5">
                    {f.values.map((v) => (
                      <li key={v.key}>
                        <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-1 text-sm text-slate-800 hover:bg-slate-50">
                          <input
                            type="checkbox"
                            name={`${FACET_PARAM_PREFIX}${f.code}`}
                            value={v.key}
                            defaultChecked={v.selected}
                            key={`${v.key}:${v.selected}`}
                            className="h-4 w-4 shrink-0 rounded border-slate-400 accent-brand-700"
                          />
                          <span className="flex-1">{v.label}</span>
                          <span className="tabular-nums text-slate-600" data-count>
                            ({v.count})
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              );
            })}
            <button
              type="submit"
              className="w-full rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {t('facets.apply')}
            </button>
          </Form>
        }
      </div>
    </details>
  );
}

/** The chosen values as removable chips, and "clear all" (shown above the results). */
export function ActiveFilters({ facets, state }: { facets: FacetView[]; state: ListingState }) {
  const t = useT(catalogMessages);
  const ts = useT(stockMessages);
  const chips = facets.flatMap((f) => f.values.filter((v) => v.selected).map((v) => ({ f, v })));
  if (chips.length === 0 && !state.inStock) return null;
  return (
    <nav aria-label={t('facets.active')} className="mb-4 flex flex-wrap items-center gap-2">
      {chips.map(({ f, v }) => (
        <Link
          key={`${f.code}:${v.key}`}
          to={href(state, { selection: without(state.selection, f.code, v.key) })}
          preventScrollReset
          aria-label={t('facets.remove', { name: f.name, value: v.label })}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-brand-300 bg-brand-50 px-3 text-sm font-medium text-brand-800 hover:bg-brand-100"
        >
          <span className="text-brand-700">{f.name}:</span> {v.label}
          <span aria-hidden="true">×</span>
        </Link>
      ))}
      {state.inStock && (
        <Link
          to={href(state, { inStock: false })}
          preventScrollReset
          aria-label={ts('stock.filterRemove')}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-brand-300 bg-brand-50 px-3 text-sm font-medium text-brand-800 hover:bg-brand-100"
        >
          {ts('stock.filter')}
          <span aria-hidden="true">×</span>
        </Link>
      )}
      <Link to={href(state, { selection: {}, inStock: false })} preventScrollReset className="text-sm font-medium text-brand-700 underline">
        {t('facets.clearAll')}
      </Link>
    </nav>
  );
}

import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { api } from '~/core/http/api-client';
import type { Paged } from '~/core/http/pagination';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { secondaryButton } from '~/core/ui/admin/page-header';
import { catalogAdminMessages } from '../messages';
import type { AdminProductItem } from '../products-admin.server';
import type { AdminRelation } from '../relations-admin.server';

const moveButton =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 disabled:cursor-not-allowed disabled:opacity-40';
const smallButton = 'rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-300';
const addButton =
  'shrink-0 rounded-md border border-brand-200 bg-white px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-500';

const SHOWN_RESULTS = 8;

interface FieldErrorsApi {
  errors: Record<string, string>;
  error(path: string): { id: string; message: string | undefined };
}

/**
 * One list of chosen products of the product form (related products or accessories): a search by
 * name or catalogue number (the admin product list's API), add, move up/down (keyboard operable,
 * the focus follows the moved product), remove. The list goes with the product form as
 * `{field}[i]` ids (an empty `{field}` when the list is empty) and is saved with the product.
 */
export function RelationList({
  field,
  title,
  hint,
  initial,
  productId,
  fields,
  onChange,
}: {
  field: 'related' | 'accessories';
  title: string;
  hint: string;
  initial: AdminRelation[];
  /** The edited product (left out of the results); null for a new product. */
  productId: number | null;
  fields: FieldErrorsApi;
  onChange?: () => void;
}) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const uid = useId();
  const [items, setItems] = useState<AdminRelation[]>(initial);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AdminProductItem[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [announce, setAnnounce] = useState('');
  const buttons = useRef(new Map<string, HTMLElement | null>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  useEffect(() => {
    if (!focusKey) return;
    buttons.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const nameOf = (r: { namePl: string; nameEn: string }) => (locale === 'pl' ? r.namePl : r.nameEn) || r.namePl;
  const listErrors = Object.keys(fields.errors).filter((k) => k === field || k.startsWith(`${field}.`));
  const searchId = `${uid}-search`;

  const search = async () => {
    const q = query.trim();
    if (!q) return;
    setSearching(true);
    const res = await api<Paged<AdminProductItem>>('/api/admin/products', { query: { search: q }, notifySuccess: false });
    setSearching(false);
    if (res.ok) setResults(res.data.items.filter((p) => p.id !== productId).slice(0, SHOWN_RESULTS));
  };
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches; it must not send the product form.
    if (e.key === 'Enter') {
      e.preventDefault();
      void search();
    }
  };

  const add = (p: AdminProductItem) => {
    if (items.some((i) => i.id === p.id)) return;
    // The list's item names follow the page's language; the other one is not known from the search.
    const item: AdminRelation = { id: p.id, namePl: p.name, nameEn: p.name, number: p.numbers[0] ?? null, isActive: p.isActive };
    setItems((list) => [...list, item]);
    setAnnounce(t('product.relationAdded', { name: p.name, list: title }));
    setFocusKey(`search`);
    onChange?.();
  };
  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= items.length) return;
    const next = [...items];
    const [moved] = next.splice(index, 1);
    next.splice(target, 0, moved);
    setItems(next);
    setAnnounce(t('product.relationMoved', { name: nameOf(moved), n: target + 1, total: next.length }));
    const atEdge = target === 0 || target === next.length - 1;
    setFocusKey(`${moved.id}:${atEdge ? (delta < 0 ? 'down' : 'up') : delta < 0 ? 'up' : 'down'}`);
    onChange?.();
  };
  const remove = (index: number) => {
    const gone = items[index];
    const next = items.filter((_, i) => i !== index);
    setItems(next);
    setAnnounce(t('product.relationRemoved', { name: nameOf(gone), list: title }));
    // The keyboard goes to the next product's remove button, else the search box.
    const after = next[index] ?? next[index - 1];
    setFocusKey(after ? `${after.id}:remove` : 'search');
    onChange?.();
  };

  return (
    <fieldset className="min-w-0 rounded-md border border-slate-200 p-3 sm:p-4" data-relations={field}>
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      <p className="text-sm text-slate-600">{hint}</p>
      {items.length === 0 ? (
        <input type="hidden" name={field} value="" />
      ) : (
        items.map((r, i) => <input key={r.id} type="hidden" name={`${field}[${i}]`} value={r.id} />)
      )}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>

      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('product.relationNone')}</p>
      ) : (
        <ol aria-label={title} className="mt-3 space-y-2">
          {items.map((r, i) => {
            const name = nameOf(r);
            const error = fields.error(`${field}.${i}`);
            return (
              <li key={r.id} className="rounded-md border border-slate-200 p-2">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="w-6 shrink-0 text-right text-xs font-medium tabular-nums text-slate-600">{i + 1}.</span>
                  <div className="min-w-44 flex-1">
                    <p className="break-words text-sm font-medium text-slate-900">{name}</p>
                    <p className="text-xs text-slate-600">
                      {r.number && <span className="font-mono">{r.number}</span>}
                      {r.number && ' · '}id {r.id}
                      {!r.isActive && (
                        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">{t('product.relationInactive')}</span>
                      )}
                    </p>
                  </div>
                  <div className="ml-auto flex items-center gap-2">
                    <button
                      type="button"
                      ref={(el) => {
                        buttons.current.set(`${r.id}:up`, el);
                      }}
                      className={moveButton}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={`${t('common.moveUp')}: ${name}`}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      ref={(el) => {
                        buttons.current.set(`${r.id}:down`, el);
                      }}
                      className={moveButton}
                      disabled={i === items.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={`${t('common.moveDown')}: ${name}`}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button
                      type="button"
                      ref={(el) => {
                        buttons.current.set(`${r.id}:remove`, el);
                      }}
                      className={smallButton}
                      onClick={() => remove(i)}
                      aria-label={`${t('common.remove')}: ${name}`}
                    >
                      {t('common.remove')}
                    </button>
                  </div>
                </div>
                <FieldError {...error} />
              </li>
            );
          })}
        </ol>
      )}
      <FieldError {...fields.error(field)} />

      <div className="mt-3">
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-800">
          {t('product.relationSearch')}
        </label>
        <div className="flex gap-2">
          <input
            id={searchId}
            ref={(el) => {
              buttons.current.set('search', el);
            }}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onSearchKey}
            maxLength={100}
            autoComplete="off"
            className={inputClass}
            aria-invalid={listErrors.length > 0 ? true : undefined}
            aria-describedby={listErrors.length > 0 ? listErrors.map((k) => fields.error(k).id).join(' ') : undefined}
          />
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void search()}
            disabled={searching}
            aria-label={`${t('product.relationSearchButton')}: ${title}`}
          >
            {t('product.relationSearchButton')}
          </button>
        </div>
      </div>
      {results !== null && (
        <div className="mt-2">
          {results.length === 0 ? (
            <p role="status" className="text-sm text-slate-600">
              {t('product.relationNoResults')}
            </p>
          ) : (
            <ul aria-label={`${t('product.relationResults')}: ${title}`} className="divide-y divide-slate-100 rounded-md border border-slate-200">
              {results.map((p) => {
                const onList = items.some((i) => i.id === p.id);
                return (
                  <li key={p.id} className="flex flex-wrap items-center gap-2 px-2 py-1.5">
                    <div className="min-w-44 flex-1">
                      <p className="break-words text-sm text-slate-900">{p.name}</p>
                      <p className="text-xs text-slate-600">
                        {p.numbers[0] && <span className="font-mono">{p.numbers[0]}</span>}
                        {p.numbers[0] && ' · '}id {p.id}
                        {!p.isActive && (
                          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">{t('product.relationInactive')}</span>
                        )}
                      </p>
                    </div>
                    <button
                      type="button"
                      className={`${addButton} ml-auto`}
                      disabled={onList}
                      onClick={() => add(p)}
                      aria-label={`${onList ? t('product.relationOnList') : t('product.relationAdd')}: ${p.name}`}
                    >
                      {onList ? t('product.relationOnList') : t('product.relationAdd')}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}

import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation, useSearchParams } from 'react-router';
import { Pagination } from '~/core/ui/pagination';
import { inputClass } from '~/core/ui/form/field';
import { useT } from '~/core/i18n/use-locale';
import { adminMessages } from './messages';
import { type Option, Select } from './fields';

export interface ListFilter {
  name: string;
  label: string;
  type: 'text' | 'select' | 'date';
  options?: Option[];
}

export interface DataTableProps<Row> {
  columns: ColumnDef<Row, unknown>[];
  /** A page of the server's `{ items, pages }` answer. */
  items: Row[];
  pages: number;
  page: number;
  /** Column ids the server can sort by (kept in `?sort=` and `?dir=`). */
  sortable?: string[];
  filters?: ListFilter[];
  caption: string;
  getRowId?: (row: Row) => string;
  toolbar?: ReactNode;
}

/**
 * The one admin list: server-side paging, sorting and filtering with their state in the URL,
 * and the empty state 'Brak elementów spełniających kryteria.'.
 */
export function DataTable<Row>({ columns, items, pages, page, sortable = [], filters = [], caption, getRowId, toolbar }: DataTableProps<Row>) {
  const t = useT(adminMessages);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const sort = params.get('sort');
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc';

  const table = useReactTable({
    data: items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    pageCount: pages,
    getRowId,
  });

  const sortHref = (id: string) => {
    const next = new URLSearchParams(params);
    const nextDir = sort === id && dir === 'asc' ? 'desc' : 'asc';
    next.set('sort', id);
    next.set('dir', nextDir);
    next.delete('page');
    return `${location.pathname}?${next}`;
  };

  return (
    <div>
      {(filters.length > 0 || toolbar) && (
        <div className="mb-4 flex flex-wrap items-end gap-3">
          {filters.length > 0 && (
            <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
              {sort && <input type="hidden" name="sort" value={sort} />}
              {sort && <input type="hidden" name="dir" value={dir} />}
              {filters.map((f) => (
                <div key={f.name} className="min-w-44">
                  <label htmlFor={`filter-${f.name}`} className="mb-1 block text-xs font-medium text-slate-600">
                    {f.label}
                  </label>
                  {f.type === 'select' ? (
                    <Select id={`filter-${f.name}`} name={f.name} options={f.options ?? []} defaultValue={params.get(f.name) ?? ''} label={f.label} />
                  ) : f.type === 'date' ? (
                    <input id={`filter-${f.name}`} name={f.name} type="date" defaultValue={params.get(f.name) ?? ''} className={inputClass} />
                  ) : (
                    <input id={`filter-${f.name}`} name={f.name} type="search" maxLength={100} defaultValue={params.get(f.name) ?? ''} className={inputClass} />
                  )}
                </div>
              ))}
              <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
                {t('list.filter')}
              </button>
              <Link to={location.pathname} className="px-2 py-2 text-sm text-slate-600 underline">
                {t('list.clear')}
              </Link>
            </Form>
          )}
          {toolbar && <div className="ml-auto">{toolbar}</div>}
        </div>
      )}
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white" aria-busy={navigation.state === 'loading'}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const id = h.column.id;
                  const can = sortable.includes(id);
                  const active = sort === id;
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                      className="px-3 py-2 text-left font-semibold text-slate-700"
                    >
                      {can ? (
                        <Link to={sortHref(id)} className="inline-flex items-center gap-1 hover:text-brand-700">
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          <span aria-hidden="true">{active ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                          <span className="sr-only">{active && dir === 'asc' ? t('list.sortDesc') : t('list.sortAsc')}</span>
                        </Link>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-10 text-center text-slate-600">
                  {t('list.empty')}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="hover:bg-slate-50">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2 align-top">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pages={pages} />
    </div>
  );
}

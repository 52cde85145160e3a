// The admin list screen every simple area repeats: the header with its add button, the DataTable
// (filters, sorting and paging in the URL, the empty state) and, per row, a link to the record and
// the row actions "Edit" and "Delete" (with its confirm dialog, then the list is loaded again).
//
//   <AdminListPage
//     title={t('videos.title')} lead={t('videos.lead')} caption={t('videos.caption')}
//     add={{ to: `/${locale}/admin/video`, label: t('videos.add') }}
//     data={loaderData} columns={columns} sortable={[...VIDEO_SORTS]} filters={[…]}
//     rowActions={{ editUrl: (r) => `/${locale}/admin/video/${r.id}`, label: (r) => r.title,
//                   remove: { url: '/api/admin/videos', message: (r) => t('video.deleteConfirm', { title: r.title }) } }}
//   />
//
// `columns` are the area's own; `titleColumn` makes the usual first column linking to the record.
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useT } from '~/core/i18n/use-locale';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, type ListFilter } from './data-table';
import { adminMessages } from './messages';
import { AdminPageHeader, primaryButton } from './page-header';

export interface AdminRowActions<Row> {
  /** The record's edit screen. */
  editUrl: (row: Row) => string;
  /** How a screen reader names the row in "Edit: …" and "Delete: …". */
  label: (row: Row) => string;
  /** The delete action: DELETE {url}/{id} after the confirm dialog. */
  remove?: { url: string; message: (row: Row) => string };
}

export interface AdminListPageProps<Row extends { id: number }> {
  title: string;
  lead?: string;
  caption: string;
  /** The add button of the header: a screen, or (`inPage`) a form further down this page. */
  add?: { to: string; label: string; inPage?: boolean };
  /** The server's page: `{ items, pages, page }`. */
  data: { items: Row[]; pages: number; page: number };
  columns: ColumnDef<Row, unknown>[];
  sortable?: readonly string[];
  filters?: ListFilter[];
  rowActions?: AdminRowActions<Row>;
  /** Below the list (e.g. the add form of an area without its own add screen). */
  children?: ReactNode;
}

const actionLink = 'rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50';

/** The usual first column: the record's name, linking to its edit screen. */
export function titleColumn<Row>(header: string, text: (row: Row) => string, url: (row: Row) => string, id = 'title'): ColumnDef<Row, unknown> {
  return {
    id,
    header,
    cell: ({ row }) => (
      <Link to={url(row.original)} className="font-medium text-brand-800 hover:underline">
        {text(row.original)}
      </Link>
    ),
  };
}

export function AdminListPage<Row extends { id: number }>({
  title,
  lead,
  caption,
  add,
  data,
  columns,
  sortable = [],
  filters,
  rowActions,
  children,
}: AdminListPageProps<Row>) {
  const t = useT(adminMessages);
  const revalidator = useRevalidator();
  const allColumns = useMemo<ColumnDef<Row, unknown>[]>(() => {
    if (!rowActions) return columns;
    const { editUrl, label, remove } = rowActions;
    const actions: ColumnDef<Row, unknown> = {
      id: 'actions',
      header: () => <span className="sr-only">{t('list.actions')}</span>,
      cell: ({ row }) => (
        <div className="flex justify-end gap-1">
          <Link to={editUrl(row.original)} className={actionLink}>
            {t('list.edit')}
            <span className="sr-only">: {label(row.original)}</span>
          </Link>
          {remove && (
            <ConfirmDialog
              trigger={
                <>
                  {t('list.delete')}
                  <span className="sr-only">: {label(row.original)}</span>
                </>
              }
              message={remove.message(row.original)}
              submitUrl={remove.url}
              id={row.original.id}
              onConfirm={() => void revalidator.revalidate()}
            />
          )}
        </div>
      ),
    };
    return [...columns, actions];
  }, [columns, rowActions, t, revalidator]);
  return (
    <div>
      <AdminPageHeader
        title={title}
        lead={lead}
        actions={
          add &&
          (add.inPage ? (
            <a href={add.to} className={primaryButton}>
              {add.label}
            </a>
          ) : (
            <Link to={add.to} className={primaryButton}>
              {add.label}
            </Link>
          ))
        }
      />
      <DataTable
        caption={caption}
        columns={allColumns}
        items={data.items}
        pages={data.pages}
        page={data.page}
        sortable={[...sortable]}
        getRowId={(r) => String(r.id)}
        filters={filters}
      />
      {children}
    </div>
  );
}

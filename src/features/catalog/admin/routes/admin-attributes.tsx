import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useRevalidator } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
import { type AdminAttributeItem, listAdminAttributes } from '../attribute-definitions-admin.server';
import { ATTRIBUTE_SORTS, ATTRIBUTE_TYPES } from '../attribute-validation';
import { catalogAdminMessages } from '../messages';
import type { Route } from './+types/admin-attributes';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/attributes', title: translator(catalogAdminMessages, layout.locale)('attributes.title'), robots: 'noindex' });
}

/** /{locale}/admin/attributes: the attribute definitions, searched by code or name, filtered by type, sorted, paged. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'attributes');
  const params = new URL(args.request.url).searchParams;
  const list = await listAdminAttributes({
    locale: guardLocale(args.params),
    page: parsePage(params.get('page')),
    search: params.get('search')?.slice(0, 100) ?? undefined,
    type: params.get('type') ?? undefined,
    sort: params.get('sort') ?? undefined,
    dir: params.get('dir') ?? undefined,
  });
  return { list };
}

/** Edit and delete of one row; its own component, so a re-render of the list keeps an open dialog. */
function RowActions({ item }: { item: AdminAttributeItem }) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  return (
    <div className="flex justify-end gap-1">
      <Link to={`/${locale}/admin/attribute/${item.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
        {t('common.edit')}
        <span className="sr-only">: {item.name}</span>
      </Link>
      <ConfirmDialog
        trigger={
          <>
            {t('common.delete')}
            <span className="sr-only">: {item.name}</span>
          </>
        }
        message={item.products > 0 ? t('attributes.deleteInUse', { name: item.name, n: item.products }) : t('attributes.deleteConfirm', { name: item.name })}
        submitUrl="/api/admin/attributes"
        id={item.id}
        onConfirm={() => void revalidator.revalidate()}
      />
    </div>
  );
}

const yesNo = (value: boolean, label: string) => <span className={value ? 'font-medium text-emerald-800' : 'text-slate-500'}>{label}</span>;

export default function AdminAttributes({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const { list } = loaderData;
  // Columns change only with the language: cells keep their state (an open dialog) across renders.
  const columns = useMemo<ColumnDef<AdminAttributeItem, unknown>[]>(() => {
    const tr = translator(catalogAdminMessages, locale);
    return [
      { id: 'code', header: tr('attributes.col.code'), cell: ({ row }) => <span className="font-mono text-xs text-slate-700">{row.original.code}</span> },
      {
        id: 'name',
        header: tr('attributes.col.name'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/attribute/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {row.original.name}
          </Link>
        ),
      },
      { id: 'unit', header: tr('attributes.col.unit'), cell: ({ row }) => row.original.unit || <span className="text-slate-500">—</span> },
      {
        id: 'type',
        header: tr('attributes.col.type'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {tr(`attr.type.${row.original.type}`)}
            {row.original.type === 'enum' && (
              <span className="ml-1 text-xs text-slate-600">({tr('attributes.optionsCount', { n: row.original.options })})</span>
            )}
          </span>
        ),
      },
      {
        id: 'facet',
        header: tr('attributes.col.facet'),
        cell: ({ row }) => yesNo(row.original.isFacet, tr(row.original.isFacet ? 'common.yes' : 'common.no')),
      },
      { id: 'card', header: tr('attributes.col.card'), cell: ({ row }) => yesNo(row.original.onCard, tr(row.original.onCard ? 'common.yes' : 'common.no')) },
      { id: 'position', header: tr('attributes.col.position'), cell: ({ row }) => <span className="tabular-nums">{row.original.position}</span> },
      { id: 'products', header: tr('attributes.col.products'), cell: ({ row }) => <span className="tabular-nums">{row.original.products}</span> },
      {
        id: 'actions',
        header: () => <span className="sr-only">{tr('common.edit')}</span>,
        cell: ({ row }) => <RowActions item={row.original} />,
      },
    ];
  }, [locale]);
  return (
    <div>
      <AdminPageHeader
        title={t('attributes.title')}
        lead={t('attributes.lead')}
        actions={
          <Link to={`/${locale}/admin/attribute`} className={primaryButton}>
            {t('attributes.add')}
          </Link>
        }
      />
      <DataTable
        caption={t('attributes.caption')}
        columns={columns}
        items={list.items}
        pages={list.pages}
        page={list.page}
        sortable={[...ATTRIBUTE_SORTS]}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'search', label: t('attributes.filterSearch'), type: 'text' },
          { name: 'type', label: t('attributes.filterType'), type: 'select', options: ATTRIBUTE_TYPES.map((ty) => ({ id: ty, name: t(`attr.type.${ty}`) })) },
        ]}
      />
    </div>
  );
}

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useRevalidator } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
import { type AdminCategoryItem, adminCategoryTree } from '../categories-admin.server';
import { ActiveBadge } from '../components/active-badge';
import { catalogAdminMessages } from '../messages';
import type { Route } from './+types/admin-categories';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/categories', title: translator(catalogAdminMessages, layout.locale)('categories.title'), robots: 'noindex' });
}

/** /{locale}/admin/categories: the whole category tree, filtered by name and activity in the URL. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'categories');
  const params = new URL(args.request.url).searchParams;
  const items = await adminCategoryTree(guardLocale(args.params), {
    name: params.get('name')?.slice(0, 100) ?? undefined,
    active: params.get('active') ?? undefined,
  });
  return { items };
}

/** Edit and delete of one row; its own component, so a re-render of the list keeps an open dialog. */
function RowActions({ item }: { item: AdminCategoryItem }) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  return (
    <div className="flex justify-end gap-1">
      <Link to={`/${locale}/admin/category/${item.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
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
        message={t('categories.deleteConfirm', { name: item.name })}
        submitUrl="/api/admin/categories"
        id={item.id}
        onConfirm={() => void revalidator.revalidate()}
      />
    </div>
  );
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  // Columns change only with the language: cells keep their state (an open dialog) across renders.
  const columns = useMemo<ColumnDef<AdminCategoryItem, unknown>[]>(() => {
    const tr = translator(catalogAdminMessages, locale);
    return [
      {
        id: 'name',
        header: tr('categories.col.name'),
        cell: ({ row }) => {
          const c = row.original;
          return (
            <div className="flex items-center gap-1" style={{ paddingLeft: `${c.depth * 1.25}rem` }}>
              {c.depth > 0 && (
                <span aria-hidden="true" className="text-slate-400">
                  └
                </span>
              )}
              {c.match ? (
                <Link to={`/${locale}/admin/category/${c.id}`} className="font-medium text-brand-800 hover:underline">
                  {c.name}
                </Link>
              ) : (
                <span className="text-slate-500">
                  {c.name}
                  <span className="sr-only"> ({tr('categories.context')})</span>
                </span>
              )}
            </div>
          );
        },
      },
      {
        id: 'parent',
        header: tr('categories.col.parent'),
        cell: ({ row }) => <span className="text-slate-700">{row.original.parentName ?? tr('categories.root')}</span>,
      },
      { id: 'position', header: tr('categories.col.position'), cell: ({ row }) => <span className="tabular-nums">{row.original.position}</span> },
      { id: 'active', header: tr('categories.col.active'), cell: ({ row }) => <ActiveBadge active={row.original.isActive} /> },
      { id: 'products', header: tr('categories.col.products'), cell: ({ row }) => <span className="tabular-nums">{row.original.products}</span> },
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
        title={t('categories.title')}
        lead={t('categories.lead')}
        actions={
          <Link to={`/${locale}/admin/category`} className={primaryButton}>
            {t('categories.add')}
          </Link>
        }
      />
      <DataTable
        caption={t('categories.caption')}
        columns={columns}
        items={loaderData.items}
        pages={1}
        page={1}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'name', label: t('categories.filterName'), type: 'text' },
          {
            name: 'active',
            label: t('categories.filterActive'),
            type: 'select',
            options: [
              { id: '1', name: t('common.active') },
              { id: '0', name: t('common.inactive') },
            ],
          },
        ]}
      />
    </div>
  );
}

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
import { AddStaticSiteCard } from '../components/static-site-form';
import { contentAdminMessages } from '../messages';
import type { AdminSiteListItem } from '../static-sites-admin.server';
import { listAdminStaticSites, roleOptions } from '../static-sites-admin.server';
import { DESTINATIONS, queryObject, SITE_SORTS, siteListQuery } from '../validation';
import type { Route } from './+types/admin-static-sites';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/static-sites', title: translator(contentAdminMessages, layout.locale)('sites.title'), robots: 'noindex' });
}

/** /{locale}/admin/static-sites: the list and, on the same page, the form that adds a site (SPEC section 2). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'static_sites');
  const locale = guardLocale(args.params);
  const query = siteListQuery.parse(queryObject(new URL(args.request.url).searchParams));
  const [list, roles] = await Promise.all([listAdminStaticSites(query, locale), roleOptions(locale)]);
  return { ...list, roles };
}

export default function AdminStaticSites({ loaderData }: Route.ComponentProps) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const roleNames = useMemo(() => new Map(loaderData.roles.map((r) => [Number(r.id), r.name])), [loaderData.roles]);
  const columns = useMemo<ColumnDef<AdminSiteListItem, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('col.name'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/static-site/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {row.original.name}
          </Link>
        ),
      },
      { id: 'slug', header: t('col.slug'), cell: ({ row }) => <span className="font-mono text-xs text-slate-700">{row.original.slug}</span> },
      { id: 'destination', header: t('col.destination'), cell: ({ row }) => t(`destination.${row.original.destination}`) },
      {
        id: 'roles',
        header: t('col.roles'),
        cell: ({ row }) =>
          row.original.role_ids.length === 0 ? (
            <span className="text-slate-600">{t('roles.all')}</span>
          ) : (
            row.original.role_ids.map((id) => roleNames.get(id) ?? `#${id}`).join(', ')
          ),
      },
      {
        id: 'file',
        header: t('col.file'),
        cell: ({ row }) => <span className="text-slate-700 [overflow-wrap:anywhere]">{row.original.resource_filename ?? t('none')}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('actions')}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1">
            <Link to={`/${locale}/admin/static-site/${row.original.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
              {t('edit')}
              <span className="sr-only">: {row.original.name}</span>
            </Link>
            <ConfirmDialog
              trigger={
                <>
                  {t('delete')}
                  <span className="sr-only">: {row.original.name}</span>
                </>
              }
              message={t('site.deleteConfirm', { name: row.original.name })}
              submitUrl="/api/admin/static-sites"
              id={row.original.id}
              onConfirm={() => void revalidator.revalidate()}
            />
          </div>
        ),
      },
    ],
    [t, locale, revalidator, roleNames],
  );
  return (
    <div>
      <AdminPageHeader
        title={t('sites.title')}
        lead={t('sites.lead')}
        actions={
          <a href="#add-site" className={primaryButton}>
            {t('sites.add')}
          </a>
        }
      />
      <DataTable
        caption={t('sites.caption')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        sortable={[...SITE_SORTS]}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'search', label: t('sites.search'), type: 'text' },
          { name: 'destination', label: t('field.destination'), type: 'select', options: DESTINATIONS.map((d) => ({ id: d, name: t(`destination.${d}`) })) },
        ]}
      />
      <AddStaticSiteCard roles={loaderData.roles} />
    </div>
  );
}

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminListPage, titleColumn } from '~/core/ui/admin/admin-list-page';
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
  const roleNames = useMemo(() => new Map(loaderData.roles.map((r) => [Number(r.id), r.name])), [loaderData.roles]);
  const editUrl = (r: AdminSiteListItem) => `/${locale}/admin/static-site/${r.id}`;
  const columns = useMemo<ColumnDef<AdminSiteListItem, unknown>[]>(
    () => [
      titleColumn(
        t('col.name'),
        (r) => r.name,
        (r) => `/${locale}/admin/static-site/${r.id}`,
        'name',
      ),
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
    ],
    [t, locale, roleNames],
  );
  return (
    <AdminListPage
      title={t('sites.title')}
      lead={t('sites.lead')}
      caption={t('sites.caption')}
      add={{ to: '#add-site', label: t('sites.add'), inPage: true }}
      data={loaderData}
      columns={columns}
      sortable={SITE_SORTS}
      filters={[
        { name: 'search', label: t('sites.search'), type: 'text' },
        { name: 'destination', label: t('field.destination'), type: 'select', options: DESTINATIONS.map((d) => ({ id: d, name: t(`destination.${d}`) })) },
      ]}
      rowActions={{
        editUrl,
        label: (r) => r.name,
        remove: { url: '/api/admin/static-sites', message: (r) => t('site.deleteConfirm', { name: r.name }) },
      }}
    >
      <AddStaticSiteCard roles={loaderData.roles} />
    </AdminListPage>
  );
}

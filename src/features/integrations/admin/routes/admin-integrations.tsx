import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useRevalidator } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminListPage } from '~/core/ui/admin/admin-list-page';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { formatTime } from '~/core/time/format';
import { listApiKeys } from '../../api-keys.server';
import { integrationsMessages } from '../../messages';
import { IntegrationsTabs } from '../components/integrations-tabs';
import { NewKeyForm } from '../components/new-key-form';
import type { Route } from './+types/admin-integrations';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/integrations', title: translator(integrationsMessages, layout.locale)('title'), robots: 'noindex' });
}

/** /{locale}/admin/integrations: the API keys of the integration API (issue 39). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'integrations');
  return listApiKeys();
}

type Row = Route.ComponentProps['loaderData']['items'][number];

export default function AdminIntegrations({ loaderData }: Route.ComponentProps) {
  const t = useT(integrationsMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('keys.col.name'),
        cell: ({ row }) => (
          <div>
            <div className="font-medium text-slate-900">{row.original.name}</div>
            <div className="font-mono text-xs text-slate-500">{row.original.prefix}…</div>
          </div>
        ),
      },
      {
        id: 'scopes',
        header: t('keys.col.scopes'),
        cell: ({ row }) => (
          <ul className="flex flex-wrap gap-1">
            {row.original.scopes.map((s) => (
              <li key={s} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                {s}
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'created',
        header: t('keys.col.created'),
        cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.created_at, locale)}</span>,
      },
      {
        id: 'lastUsed',
        header: t('keys.col.lastUsed'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{row.original.last_used_at ? formatTime(row.original.last_used_at, locale) : t('keys.never')}</span>
        ),
      },
      { id: 'today', header: t('keys.col.today'), cell: ({ row }) => row.original.requests_today },
      {
        id: 'status',
        header: t('keys.col.status'),
        cell: ({ row }) => (
          <span
            className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${row.original.active ? 'bg-green-50 text-green-900 ring-green-200' : 'bg-slate-100 text-slate-700 ring-slate-300'}`}
          >
            {row.original.active ? t('keys.active') : t('keys.revoked')}
          </span>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('keys.revoke')}</span>,
        cell: ({ row }) =>
          row.original.active ? (
            <div className="flex justify-end">
              <ConfirmDialog
                trigger={
                  <>
                    {t('keys.revoke')}
                    <span className="sr-only">: {row.original.name}</span>
                  </>
                }
                title={t('keys.revokeLabel', { name: row.original.name })}
                message={t('keys.revokeConfirm', { name: row.original.name })}
                submitUrl="/api/admin/integrations/keys"
                id={row.original.id}
                onConfirm={() => void revalidator.revalidate()}
              />
            </div>
          ) : null,
      },
    ],
    [t, locale, revalidator],
  );
  return (
    <div>
      <IntegrationsTabs />
      <AdminListPage
        title={t('title')}
        lead={t('keys.lead')}
        caption={t('keys.caption')}
        add={{ to: '#new-key', label: t('keys.add'), inPage: true }}
        data={loaderData}
        columns={columns}
      >
        <NewKeyForm />
      </AdminListPage>
    </div>
  );
}

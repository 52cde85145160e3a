import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminCard, AdminPageHeader } from '~/core/ui/admin/page-header';
import { Notice } from '~/core/ui/form/notice';
import { formatTime } from '~/core/time/format';
import { ksefSyncStatus } from '~/features/invoices/ksef-sync.server';
import { integrationsMessages } from '../../messages';
import { IntegrationsTabs } from '../components/integrations-tabs';
import type { Route } from './+types/admin-integrations-ksef';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/integrations/ksef', title: translator(integrationsMessages, layout.locale)('ksef.title'), robots: 'noindex' });
}

/** /{locale}/admin/integrations/ksef: the KSeF sync (issue 39): configured or not, and per NIP its last run and error. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'integrations');
  const c = args.context.config;
  return {
    configured: Boolean(c.KSEF_URL && c.KSEF_NIP && c.KSEF_TOKEN),
    // The address and the NIP only: the token is a secret and never shown.
    url: c.KSEF_URL ?? null,
    nip: c.KSEF_NIP ?? null,
    states: await ksefSyncStatus(),
  };
}

export default function AdminIntegrationsKsef({ loaderData }: Route.ComponentProps) {
  const t = useT(integrationsMessages);
  const locale = useLocale();
  const { configured, url, nip, states } = loaderData;
  return (
    <div>
      <IntegrationsTabs />
      <AdminPageHeader title={t('ksef.title')} lead={t('ksef.lead')} />
      {configured ? (
        <Notice kind="info" className="mb-4">
          {t('ksef.configured', { url: url ?? '', nip: nip ?? '' })}
        </Notice>
      ) : (
        <Notice kind="warning" role="note" className="mb-4">
          {t('ksef.notConfigured')}
        </Notice>
      )}
      {states.length === 0 ? (
        <p className="text-sm text-slate-600">{t('ksef.none')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {states.map((s) => (
            <AdminCard key={s.nip} title={t('ksef.nip', { nip: s.nip })}>
              <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">{t('ksef.lastRun')}</dt>
                <dd>{s.lastRunAt ? formatTime(s.lastRunAt, locale) : t('ksef.never')}</dd>
                <dt className="text-slate-600">{t('ksef.imported')}</dt>
                <dd>{s.lastImported}</dd>
                <dt className="text-slate-600">{t('ksef.cursor')}</dt>
                <dd>{s.cursor ? formatTime(s.cursor, locale) : '–'}</dd>
              </dl>
              {s.lastError ? (
                <Notice kind="error" role="note" className="mt-3 break-words">
                  {t('ksef.error', { error: s.lastError })}
                </Notice>
              ) : (
                s.lastRunAt && <p className="mt-3 text-sm text-green-800">{t('ksef.ok')}</p>
              )}
            </AdminCard>
          ))}
        </div>
      )}
    </div>
  );
}

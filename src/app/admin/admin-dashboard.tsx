import { Link } from 'react-router';
import { auditMessages } from '~/core/audit/messages';
import { type Locale, numberFormat, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { ADMIN_AREA_PATHS, openAdminAreas } from '~/core/permissions/permissions';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { BUILT_ADMIN_AREAS } from '~/app/admin/areas';
import { accountMessages } from '~/features/accounts/messages';
import { fieldLabel } from '~/app/admin/change-infos/change-view';
import { changeInfoMessages } from '~/app/admin/change-infos/messages';
import { formatDateTime } from '~/core/time/format';
import { type DashboardChange, type MailHealth, loadDashboard } from './dashboard.server';
import { adminShellMessages } from './messages';
import type { Route } from './+types/admin-dashboard';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin', title: translator(accountMessages, layout.locale)('admin.title'), robots: 'noindex' });
}

/** /{locale}/admin: what waits for action, recent changes and the mail outbox, per the user's areas (issue 17). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args);
  const built = new Set(BUILT_ADMIN_AREAS);
  const areas = openAdminAreas(user.can).filter((a) => built.has(a));
  return { areas, ...(await loadDashboard(areas)) };
}

const formatNumber = (n: number, locale: Locale) => numberFormat(locale, 0).format(n);

type ShellT = ReturnType<typeof translator<keyof typeof adminShellMessages.pl & string>>;

function age(seconds: number, t: ShellT): string {
  if (seconds < 60) return t('age.s', { n: seconds });
  if (seconds < 3600) return t('age.min', { n: Math.floor(seconds / 60) });
  if (seconds < 86_400) return t('age.h', { n: Math.floor(seconds / 3600) });
  return t('age.d', { n: Math.floor(seconds / 86_400) });
}

function RecentChanges({ changes }: { changes: DashboardChange[] }) {
  const t = useT(adminShellMessages);
  const c = useT(changeInfoMessages);
  const a = useT(auditMessages);
  const locale = useLocale();
  const entityName = (entity: string) => {
    const key = `entity.${entity}` as const;
    return key in changeInfoMessages.pl ? c(key as keyof typeof changeInfoMessages.pl) : entity;
  };
  return (
    <section aria-labelledby="dash-changes" className="rounded-lg border border-slate-200 bg-white shadow-sm lg:col-span-2">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id="dash-changes" className="text-lg font-semibold text-brand-900">
          {t('changes.title')}
        </h2>
        <Link to={`/${locale}/admin/change-infos`} className="text-sm font-medium text-brand-700 hover:underline">
          {t('changes.all')}
        </Link>
      </div>
      {changes.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">{t('changes.none')}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {changes.map((ch) => {
            const style =
              ch.action === 'create' ? 'bg-green-100 text-green-800' : ch.action === 'delete' ? 'bg-red-100 text-red-800' : 'bg-sky-100 text-sky-800';
            const fields = ch.fields.slice(0, 4).map((f) => fieldLabel(f, locale));
            return (
              <li key={ch.id} className="flex flex-col gap-1 px-4 py-2.5 text-sm sm:flex-row sm:items-start sm:gap-3">
                <span className="shrink-0 tabular-nums text-slate-600 sm:w-36">{formatDateTime(ch.created_at)}</span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${style}`}>{a(`action.${ch.action}`)}</span>
                    <Link
                      to={`/${locale}/admin/change-infos?entity=${encodeURIComponent(ch.entity)}&entity_id=${encodeURIComponent(ch.entity_id)}`}
                      className="font-medium text-brand-800 hover:underline"
                    >
                      {entityName(ch.entity)} #{ch.entity_id}
                    </Link>
                  </div>
                  {ch.action === 'update' && fields.length > 0 && (
                    <p className="mt-0.5 truncate text-slate-600">
                      {t('changes.fields')}: {fields.join(', ')}
                      {ch.fields.length > fields.length ? ', …' : ''}
                    </p>
                  )}
                </div>
                <span className="min-w-0 shrink-0 text-slate-700 [overflow-wrap:anywhere] sm:max-w-56 sm:text-right">
                  {ch.user_email ?? <span className="italic">{t('changes.system')}</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function MailCard({ mail }: { mail: MailHealth }) {
  const t = useT(adminShellMessages);
  const locale = useLocale();
  const problem = mail.failed > 0 || (mail.oldest_pending_seconds ?? 0) > 3600;
  const stat = (label: string, value: string, tone = 'text-slate-900') => (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={`text-xl font-semibold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="dash-mail" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="dash-mail" className="text-lg font-semibold text-brand-900">
        {t('mail.title')}
      </h2>
      <p className={`mt-1 flex items-center gap-2 text-sm ${problem ? 'text-red-800' : 'text-green-800'}`}>
        <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${problem ? 'bg-red-600' : 'bg-green-600'}`} />
        {problem ? t('mail.problem') : t('mail.ok')}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2">
        {stat(t('mail.pending'), formatNumber(mail.pending, locale))}
        {stat(t('mail.failed'), formatNumber(mail.failed, locale), mail.failed > 0 ? 'text-red-700' : 'text-slate-900')}
        {stat(t('mail.sent'), formatNumber(mail.sent, locale))}
        {stat(t('mail.oldest'), mail.oldest_pending_seconds === null ? t('mail.oldestNone') : age(mail.oldest_pending_seconds, t))}
      </dl>
      <Link to={`/${locale}/admin/service`} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        {t('mail.open')}
      </Link>
    </section>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const a = useT(accountMessages);
  const t = useT(adminShellMessages);
  const locale = useLocale();
  const { counts, changes, mail, areas } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-900">{a('admin.title')}</h1>
      {counts.length > 0 && (
        <section aria-labelledby="dash-waiting" className="mt-6">
          <h2 id="dash-waiting" className="text-lg font-semibold text-brand-900">
            {t('dash.waiting')}
          </h2>
          {counts.every((c) => c.count === 0) && <p className="mt-1 text-sm text-slate-600">{t('dash.nothing')}</p>}
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {counts.map((c) => (
              <li key={c.key}>
                <Link
                  to={`/${locale}/admin/${c.path}`}
                  data-count={c.key}
                  className={`flex h-full items-center gap-4 rounded-lg border bg-white px-4 py-3 shadow-sm hover:border-brand-300 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 ${c.count > 0 ? 'border-amber-300' : 'border-slate-200'}`}
                >
                  <span className={`min-w-12 text-3xl font-bold tabular-nums ${c.count > 0 ? 'text-amber-800' : 'text-slate-500'}`}>
                    {formatNumber(c.count, locale)}
                  </span>
                  <span className="text-sm font-medium text-slate-800">{t(`count.${c.key}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(changes || mail) && (
        <div className="mt-6 grid items-start gap-4 lg:grid-cols-3">
          {changes && <RecentChanges changes={changes} />}
          {mail && <MailCard mail={mail} />}
        </div>
      )}
      <section aria-labelledby="dash-areas" className="mt-8">
        <h2 id="dash-areas" className="text-lg font-semibold text-brand-900">
          {t('areas.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{a('admin.lead')}</p>
        {areas.length === 0 ? (
          <p className="mt-4 text-sm text-slate-700">{a('admin.none')}</p>
        ) : (
          <ul aria-label={a('admin.lead')} className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {areas.map((area) => (
              <li key={area}>
                <Link
                  to={`/${locale}/admin/${ADMIN_AREA_PATHS[area]}`}
                  className="block rounded-lg border border-slate-200 bg-white px-4 py-2.5 text-sm font-medium text-brand-900 hover:border-brand-300 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
                >
                  {a(`admin.area.${area}`)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

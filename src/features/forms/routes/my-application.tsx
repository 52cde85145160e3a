import { Link } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { getApplication } from '../applications.server';
import { ApplicationView } from '../components/application-view';
import { EDITABLE_APPLICATION_STATUSES } from '../constants';
import { formsMessages } from '../messages';
import type { Route } from './+types/my-application';
import { formatTime } from '~/core/time/format';

export function meta({ matches, data }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: '/my-account/application',
    title: translator(formsMessages, layout.locale)('app.my.detail', { investment: data?.application.investmentName ?? '' }),
    robots: 'noindex',
  });
}

/** /{locale}/my-account/application/{id}: status, history, the certificate when issued (own applications only). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const id = Number(args.params.id);
  const application =
    Number.isInteger(id) && id > 0 && id <= 2_147_483_647
      ? await getApplication(id, { userId: user.id, actor: { id: user.id, email: user.email, isStaff: false, isOwner: true } })
      : null;
  if (!application) throw new Response('Not found', { status: 404 });
  return { application };
}

export default function MyApplication({ loaderData }: Route.ComponentProps) {
  const t = useT(formsMessages);
  const locale = useLocale();
  const a = loaderData.application;
  const editable = (EDITABLE_APPLICATION_STATUSES as readonly string[]).includes(a.status);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <Link to={`/${locale}/my-account/applications`} className="text-sm font-medium text-brand-700 hover:underline">
        {t('app.my.title')}
      </Link>
      <h1 className="text-3xl font-bold text-brand-900">{t('app.my.detail', { investment: a.investmentName || `#${a.id}` })}</h1>
      <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-5">
        <p>
          {t('admin.col.status')}: <strong>{t(`app.status.${a.status}`)}</strong>
        </p>
        {a.certificate && (
          <a href={`/api/applications/${a.id}/certificate`} className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t('app.downloadCertificate')} ({a.certificate.number})
          </a>
        )}
        {editable && (
          <Link
            to={`/${locale}/application-form/${a.id}`}
            className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {t('app.my.edit')}
          </Link>
        )}
      </div>
      {a.status === 'returned' && a.returnReason && (
        <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <strong>{t('app.returnReason')}:</strong> {a.returnReason}
        </div>
      )}
      <section aria-labelledby="app-history" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="app-history" className="mb-2 text-base font-semibold text-brand-900">
          {t('admin.section.history')}
        </h2>
        <ol className="space-y-2 text-sm">
          {a.history.map((h) => (
            <li key={h.id}>
              {formatTime(h.createdAt)} · {t(`app.status.${h.to as 'draft'}`)}
              {h.comment ? ` — ${h.comment}` : ''}
            </li>
          ))}
        </ol>
      </section>
      <ApplicationView data={a.data as Record<string, unknown>} attachments={a.attachments} />
    </div>
  );
}

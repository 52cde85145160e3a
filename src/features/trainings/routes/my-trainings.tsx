import { Link } from 'react-router';
import { downloadFile } from '~/core/http/api-client';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ProgressBar, TrainingBadge, trainingPath } from '../components/bits';
import { trainingMessages } from '../messages';
import { listMyEnrolments } from '../trainings.server';
import type { Route } from './+types/my-trainings';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/my-account/trainings-users', title: translator(trainingMessages, layout.locale)('my.title'), robots: 'noindex' });
}

/** /{locale}/my-account/trainings-users: the user's online-course enrolments. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  return { items: await listMyEnrolments(user.id, locale) };
}

export default function MyTrainings({ loaderData }: Route.ComponentProps) {
  const t = useT(trainingMessages);
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('my.title')}</h1>
      {loaderData.items.length === 0 ? (
        <div className="mt-8 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
          <p>{t('my.empty')}</p>
          <p className="mt-3">
            <Link to={`/${locale}/trainings`} className="font-semibold text-brand-700 underline hover:text-brand-900">
              {t('my.browse')}
            </Link>
          </p>
        </div>
      ) : (
        <ul className="mt-8 space-y-3">
          {loaderData.items.map((e) => (
            <li
              key={e.training_id}
              data-training-id={e.training_id}
              className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_12rem_auto] md:items-center"
            >
              <div className="min-w-0">
                <Link to={trainingPath(locale, e.training_id, e.slug)} className="font-semibold text-brand-900 hover:underline">
                  {e.title}
                </Link>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  <TrainingBadge badge={e.badge} />
                  {e.expires_at ? (
                    <span>
                      {t('my.expires')}: {formatDate(e.expires_at)}
                    </span>
                  ) : null}
                </p>
              </div>
              <ProgressBar percent={e.progress} label={`${t('my.progress')}: ${e.progress}%`} />
              {e.certificate_number ? (
                <button
                  type="button"
                  onClick={() => void downloadFile(`/api/trainings/${e.training_id}/certificate`)}
                  className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-slate-50"
                >
                  {t('my.certificate')} {e.certificate_number}
                </button>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

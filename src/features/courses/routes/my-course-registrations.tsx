import { Link } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Pagination } from '~/core/ui/pagination';
import { StatusBadge } from '../components/form-bits';
import { listMyRegistrations } from '../courses.server';
import { courseMessages } from '../messages';
import { formatDays } from '../rules';
import type { Route } from './+types/my-course-registrations';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/my-account/course-registations', title: translator(courseMessages, layout.locale)('my.title'), robots: 'noindex' });
}

/** /{locale}/my-account/course-registations: the user's course registrations, paged. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const list = await listMyRegistrations(user.id, parsePage(new URL(args.request.url).searchParams.get('page')), locale);
  return { items: list.items, pages: list.pages, page: list.page };
}

export default function MyCourseRegistrations({ loaderData }: Route.ComponentProps) {
  const t = useT(courseMessages);
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('my.title')}</h1>
      <p className="mt-2 text-slate-600">{t('my.lead')}</p>
      {loaderData.items.length === 0 ? (
        <div className="mt-8 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
          <p>{t('my.empty')}</p>
          <p className="mt-3">
            <Link to={`/${locale}/courses`} className="font-semibold text-brand-700 underline hover:text-brand-900">
              {t('my.browse')}
            </Link>
          </p>
        </div>
      ) : (
        <ul className="mt-8 space-y-3" aria-label={t('my.caption')}>
          {loaderData.items.map((r) => (
            <li
              key={r.id}
              data-registration-id={r.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{r.course.title}</p>
                <p className="text-sm text-slate-600">
                  {formatDays(r.course.date_from, r.course.date_to)} · {r.course.city} · {t('my.col.registered')}: {formatDate(r.created_at)}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <StatusBadge status={r.status} label={t(`status.${r.status}`)} />
                <Link
                  to={`/${locale}/my-account/course-registation/${r.id}`}
                  className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-slate-50"
                >
                  {t('my.details')}
                  <span className="sr-only">
                    : {r.course.title}, {formatDays(r.course.date_from, r.course.date_to)}
                  </span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={loaderData.page} pages={loaderData.pages} />
    </div>
  );
}

import { ResponsiveImage } from '~/core/files/responsive-image';
import { Link, useLocation } from 'react-router';
import { loginPath } from '~/core/permissions/login-path';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { getCurrentUser, requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { trainingPath, TrainingBadge } from '../components/bits';
import { trainingMessages } from '../messages';
import { listTrainings } from '../trainings.server';
import type { Route } from './+types/trainings';
import { buttonClass } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(trainingMessages, layout.locale);
  return seoMeta({ ...layout, path: '/trainings', title: t('list.title'), description: t('list.description') });
}

// Anonymous visitors too, and the list depends on the session (a guest's or the user's own):
// the hook leaves anonymous pages alone, this keeps the list out of shared caches and the page cache.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

/** /{locale}/trainings: the online trainings with the learner's badge; a guest sees the login notice. */
export async function loader(args: Route.LoaderArgs) {
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  let user = await getCurrentUser(args.context);
  // Unverified and inactive users are led to verify / wait for activation (SPEC section 4).
  if (user) user = await requireActiveUser(args);
  const items = await listTrainings(user?.id ?? null, locale);
  return { items, guest: !user };
}

export default function Trainings({ loaderData }: Route.ComponentProps) {
  const t = useT(trainingMessages);
  const locale = useLocale();
  const location = useLocation();
  const { items, guest } = loaderData;
  return (
    <>
      <PageHeader title={t('list.title')} lead={t('list.lead')} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        {guest ? (
          <Notice kind="info" role="note" className="mb-8" data-guest-notice>
            <p className="font-medium">{t('list.guest')}</p>
            <p className="mt-3 flex flex-wrap gap-3">
              <Link to={loginPath(locale, location.pathname)} className={buttonClass('primary')}>
                {t('list.login')}
              </Link>
              <Link to={`/${locale}/register`} className={buttonClass('secondary')}>
                {t('list.register')}
              </Link>
            </p>
          </Notice>
        ) : null}
        {items.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t('list.empty')}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <li key={item.id} data-training-id={item.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                {item.image_file_id ? (
                  <ResponsiveImage
                    image={{ fileId: item.image_file_id, width: null, height: null, alt: '' }}
                    sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw"
                    displayWidth={640}
                    className="-mx-5 -mt-5 mb-4 aspect-video w-[calc(100%+2.5rem)] max-w-none rounded-t-lg object-cover"
                  />
                ) : null}
                <div className="flex items-start justify-between gap-3">
                  <h2 className="text-lg font-semibold text-brand-900">{item.title}</h2>
                  {guest ? null : <TrainingBadge badge={item.badge} />}
                </div>
                <div
                  className="prose-content mt-3 line-clamp-5 flex-1 text-sm text-slate-700"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when stored
                  dangerouslySetInnerHTML={{ __html: item.description }}
                />
                {item.expires_at && !item.is_done ? (
                  <p className="mt-3 text-xs text-slate-600">{t('list.expires', { date: formatDate(item.expires_at) })}</p>
                ) : null}
                {guest ? null : (
                  <Link to={trainingPath(locale, item.id, item.slug)} className={`mt-4 ${buttonClass('primary')}`}>
                    {item.badge === 'rozpocznij' ? t('tr.start') : t('list.open')}
                    <span className="sr-only">: {item.title}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

import { Link } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Pagination } from '~/core/ui/pagination';
import { listApplications } from '../applications.server';
import { formsMessages } from '../messages';
import type { Route } from './+types/my-applications';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/my-account/applications', title: translator(formsMessages, layout.locale)('app.my.title'), robots: 'noindex' });
}

/** /{locale}/my-account/applications: the user's own certification applications. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const page = parsePage(new URL(args.request.url).searchParams.get('page'));
  return listApplications({ userId: user.id, page });
}

export default function MyApplications({ loaderData }: Route.ComponentProps) {
  const t = useT(formsMessages);
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand-900">{t('app.my.title')}</h1>
        <Link to={`/${locale}/application-form`} className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          {t('app.my.new')}
        </Link>
      </div>
      {loaderData.items.length === 0 ? (
        <p className="mt-6 text-slate-700">{t('app.my.empty')}</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {loaderData.items.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <Link to={`/${locale}/my-account/application/${a.id}`} className="font-semibold text-brand-800 hover:underline">
                  {a.investmentName || `#${a.id}`}
                </Link>
                <p className="text-sm text-slate-600">{formatDate(a.updatedAt)}</p>
              </div>
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-800">{t(`app.status.${a.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
      <Pagination pages={loaderData.pages} page={loaderData.page} />
    </div>
  );
}

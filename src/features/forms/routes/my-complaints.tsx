import { Link } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { formatDate } from '~/core/time/format';
import { buttonClass } from '~/core/ui/form/button';
import { Pagination } from '~/core/ui/pagination';
import { listMyComplaints } from '../complaints.server';
import { ComplaintStatusBadge } from '../components/complaint-status-badge';
import { formsMessages } from '../messages';
import type { Route } from './+types/my-complaints';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/my-account/complaints', title: translator(formsMessages, layout.locale)('complaint.my.title'), robots: 'noindex' });
}

/** /{locale}/my-account/complaints: the complaints the user sent while logged in (issue 41 point 14). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  return listMyComplaints(user.id, parsePage(new URL(args.request.url).searchParams.get('page')));
}

export default function MyComplaints({ loaderData }: Route.ComponentProps) {
  const t = useT(formsMessages);
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand-900">{t('complaint.my.title')}</h1>
        <Link to={`/${locale}/complaint-form`} className={buttonClass('primary')}>
          {t('complaint.my.new')}
        </Link>
      </div>
      {loaderData.items.length === 0 ? (
        <p className="mt-6 text-slate-700">{t('complaint.my.empty')}</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {loaderData.items.map((c) => (
            <li key={c.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <Link to={`/${locale}/my-account/complaint/${c.id}`} className="font-semibold text-brand-800 hover:underline">
                  {c.number}
                </Link>
                <span className="text-slate-700"> · {c.productName}</span>
                <p className="mt-1 text-sm text-slate-600">
                  {t('complaint.my.filed', { date: formatDate(c.createdAt) })} · {t('complaint.my.due', { date: formatDate(c.dueDate) })} ·{' '}
                  {t('complaint.my.attachments', { n: c.attachments })}
                </p>
              </div>
              <ComplaintStatusBadge status={c.status} label={t(`status.${c.status}`)} />
            </li>
          ))}
        </ul>
      )}
      <Pagination pages={loaderData.pages} page={loaderData.page} />
    </div>
  );
}

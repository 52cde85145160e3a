import { Link } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, totalsOfNet } from '~/core/money/money';
import { guardLocale, requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Pagination } from '~/core/ui/pagination';
import { PageHeader } from '~/core/ui/page-header';
import { dayLabel, StatusBadge } from '../components/page-band';
import { rentalWorkflow } from '../rental-workflow.server';
import { listUserRentals } from '../rentals.server';
import { rentalUi } from '../messages';
import type { Route } from './+types/my-tester-rentals';
import { buttonClass } from '~/core/ui/form/button';

export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const locale = guardLocale(args.params);
  const { items, pages, page } = await listUserRentals(user.id, parsePage(new URL(args.request.url).searchParams.get('page')));
  return {
    page,
    pages,
    items: items.map((r) => ({
      id: r.id,
      tester: r.testerName,
      from: r.from,
      to: r.to,
      status: r.status,
      statusLabel: rentalWorkflow.label(r.status, locale),
      gross: totalsOfNet(r.cost).gross,
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(rentalUi, layout.locale);
  return seoMeta({ ...layout, path: '/my-account/tester-rentals', title: t('my.title'), robots: 'noindex' });
}

export default function MyTesterRentals({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useT(rentalUi);
  const { items, page, pages } = loaderData;
  return (
    <>
      <PageHeader title={t('my.title')} lead={t('my.lead')} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <p className="mb-6">
          <Link to={`/${locale}/tester-rentals-rent`} className={buttonClass('primary')}>
            {t('my.rentNew')}
          </Link>
        </p>
        {items.length === 0 ? (
          <p className="text-slate-700">{t('my.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="my-rentals">
            {items.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-semibold text-slate-900">
                    {t('detail.title', { id: r.id })}: {r.tester}
                  </p>
                  <p className="text-sm text-slate-700">
                    {dayLabel(r.from)} – {dayLabel(r.to)} · {formatMoney(r.gross, locale)} {t('price.gross')}
                  </p>
                </div>
                <div className="flex items-center gap-4">
                  <StatusBadge status={r.status} label={r.statusLabel} />
                  <Link to={`/${locale}/my-account/tester-rentals/${r.id}`} className="font-medium text-brand-700 hover:underline">
                    {t('my.show')}
                    <span className="sr-only"> {t('detail.title', { id: r.id })}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pages={pages} />
      </div>
    </>
  );
}

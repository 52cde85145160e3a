import { Link } from 'react-router';
import { PERSONAL_PICKUP_LINE } from '~/core/company';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, formatVatRate, totalsOfNet } from '~/core/money/money';
import { guardLocale } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';

import { rentalPageData } from '../rentals.server';
import { rentalNet } from '../rules';
import { rentalUi } from '../messages';
import type { Route } from './+types/tester-rentals-price-list';
import { buttonClass } from '~/core/ui/form/button';

export async function loader({ params }: Route.LoaderArgs) {
  return rentalPageData(guardLocale(params));
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(rentalUi, layout.locale);
  return seoMeta({ ...layout, path: '/tester-rentals-price-list', title: t('price.title'), description: t('price.lead', { rate: formatVatRate() }) });
}

function NetGross({ net }: { net: number }) {
  const locale = useLocale();
  const t = useT(rentalUi);
  return (
    <>
      <span className="block font-semibold text-slate-900">
        {formatMoney(net, locale)} <span className="font-normal text-slate-600">{t('price.net')}</span>
      </span>
      <span className="block text-sm text-slate-600">
        {formatMoney(totalsOfNet(net).gross, locale)} {t('price.gross')}
      </span>
    </>
  );
}

export default function PriceList({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useT(rentalUi);
  const { testers, courierFee } = loaderData;
  const example = testers[0];
  const exampleDays = example ? example.thresholdDays + 4 : 0;
  const exampleNet = example ? rentalNet(example, exampleDays) : 0;
  return (
    <>
      <PageHeader
        title={t('price.title')}
        lead={t('price.lead', { rate: formatVatRate() })}
        crumbs={[{ to: `/${locale}/tester-rentals`, label: t('crumb.rentals') }]}
      />
      <div className="mx-auto max-w-7xl px-4 py-12">
        {testers.length === 0 ? (
          <p className="text-slate-700">{t('about.none')}</p>
        ) : (
          <>
            {/* A phone gets a card per meter (issue 41 point 20: the table's five columns needed a side-scroll at 360 px). */}
            <ul className="space-y-3 md:hidden" data-testid="price-cards">
              {testers.map((m) => (
                <li key={m.id} data-tester={m.id} className="rounded-lg border border-slate-200 bg-white p-4">
                  <h2 className="font-semibold text-slate-900">
                    {m.name}
                    {m.model && <span className="block text-sm font-normal text-slate-600">{m.model}</span>}
                  </h2>
                  <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 text-sm">
                    <dt className="text-slate-600">{t('price.perDay')}</dt>
                    <dd className="text-right">
                      <NetGross net={m.pricePerDay} />
                    </dd>
                    <dt className="text-slate-600">{t('price.threshold')}</dt>
                    <dd className="text-right text-slate-900">{t('price.days', { n: m.thresholdDays })}</dd>
                    <dt className="text-slate-600">{t('price.extra')}</dt>
                    <dd className="text-right">
                      <NetGross net={m.extraDayPrice} />
                    </dd>
                    <dt className="text-slate-600">{t('price.deposit')}</dt>
                    <dd className="text-right text-slate-900">{formatMoney(m.deposit, locale)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block">
              <table className="w-full text-left">
                <caption className="sr-only">{t('price.caption')}</caption>
                <thead className="bg-slate-50 text-sm text-slate-700">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      {t('price.meter')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('price.perDay')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('price.threshold')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('price.extra')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('price.deposit')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {testers.map((m) => (
                    <tr key={m.id} data-tester={m.id}>
                      <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                        {m.name}
                        {m.model && <span className="block text-sm font-normal text-slate-600">{m.model}</span>}
                      </th>
                      <td className="px-4 py-3">
                        <NetGross net={m.pricePerDay} />
                      </td>
                      <td className="px-4 py-3 text-slate-900">{t('price.days', { n: m.thresholdDays })}</td>
                      <td className="px-4 py-3">
                        <NetGross net={m.extraDayPrice} />
                      </td>
                      <td className="px-4 py-3 text-slate-900">{formatMoney(m.deposit, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {example && (
          <section aria-labelledby="example" className="mt-8 rounded-lg border-l-4 border-brand-600 bg-brand-50 p-5">
            <h2 id="example" className="font-semibold text-slate-900">
              {t('price.example')}
            </h2>
            <p className="mt-1 text-slate-800" data-testid="price-example">
              {t('price.exampleText', {
                name: example.name,
                days: exampleDays,
                threshold: example.thresholdDays,
                perDay: formatMoney(example.pricePerDay, locale),
                extraDays: exampleDays - example.thresholdDays,
                extra: formatMoney(example.extraDayPrice, locale),
                net: formatMoney(exampleNet, locale),
                gross: formatMoney(totalsOfNet(exampleNet).gross, locale),
              })}
            </p>
          </section>
        )}
        <p className="mt-6 text-slate-700">{t('price.courier', { fee: formatMoney(courierFee, locale), address: PERSONAL_PICKUP_LINE })}</p>
        <p className="mt-8">
          <Link to={`/${locale}/tester-rentals-rent`} className={buttonClass('primary', 'lg')}>
            {t('about.rent')}
          </Link>
        </p>
      </div>
    </>
  );
}

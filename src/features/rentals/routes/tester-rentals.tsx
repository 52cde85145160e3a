import { Link } from 'react-router';
import { ResponsiveImage } from '~/core/files/responsive-image';
import { Gallery } from '~/core/ui/gallery';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney } from '~/core/money/money';
import { guardLocale } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';

import { rentalPageData } from '../rentals.server';
import { rentalUi } from '../messages';
import type { Route } from './+types/tester-rentals';

export async function loader({ params }: Route.LoaderArgs) {
  return rentalPageData(guardLocale(params));
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(rentalUi, layout.locale);
  return seoMeta({ ...layout, path: '/tester-rentals', title: t('about.title'), description: t('about.lead') });
}

export default function TesterRentals({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useT(rentalUi);
  const { testers } = loaderData;
  const steps = [t('about.step1'), t('about.step2'), t('about.step3'), t('about.step4')];
  const terms = [t('about.term1'), t('about.term2'), t('about.term3'), t('about.term4')];
  return (
    <>
      <PageHeader title={t('about.title')} lead={t('about.lead')}>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={`/${locale}/tester-rentals-rent`} className="rounded-md bg-white px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50">
            {t('about.rent')}
          </Link>
          <Link
            to={`/${locale}/tester-rentals-price-list`}
            className="rounded-md border border-white/70 px-5 py-2.5 font-semibold text-white hover:bg-white/10"
          >
            {t('about.priceList')}
          </Link>
          <Link to={`/${locale}/my-account/tester-rentals`} className="rounded-md px-5 py-2.5 font-semibold text-white underline hover:bg-white/10">
            {t('my.title')}
          </Link>
        </div>
      </PageHeader>
      <section aria-labelledby="what" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="what" className="text-2xl font-bold text-slate-900">
          {t('about.what')}
        </h2>
        {testers.length === 0 ? (
          <p className="mt-4 text-slate-700">{t('about.none')}</p>
        ) : (
          <ul className="mt-6 grid gap-6 md:grid-cols-2">
            {testers.map((m) => (
              <li key={m.id} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
                {m.images.length > 1 ? (
                  <div className="px-6 pt-6">
                    <Gallery images={m.images} label={t('about.images', { name: m.name })} emptyText="" sizes="(min-width: 768px) 50vw, 100vw" />
                  </div>
                ) : (
                  m.image && (
                    <ResponsiveImage image={m.image} sizes="(min-width: 768px) 50vw, 100vw" displayWidth={640} className="aspect-[4/3] w-full object-cover" />
                  )
                )}
                <div className="flex flex-1 flex-col p-6">
                  <h3 className="text-lg font-semibold text-slate-900">{m.name}</h3>
                  {m.model && <p className="text-sm text-slate-600">{m.model}</p>}
                  <p className="mt-3 leading-relaxed text-slate-700">{m.description}</p>
                  {m.accessories.length > 0 && (
                    <>
                      <h4 className="mt-4 text-sm font-semibold text-slate-900">{t('about.accessories')}</h4>
                      <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
                        {m.accessories.map((a) => (
                          <li key={a}>{a}</li>
                        ))}
                      </ul>
                    </>
                  )}
                  <p className="mt-auto pt-4 font-semibold text-brand-800">
                    {t('about.from', { price: formatMoney(Math.min(m.pricePerDay, m.extraDayPrice), locale) })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="how" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="how" className="text-2xl font-bold text-slate-900">
            {t('about.how')}
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((s, i) => (
              <li key={s} className="rounded-lg bg-white p-5 shadow-sm">
                <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 font-bold text-white" aria-hidden="true">
                  {i + 1}
                </span>
                <p className="mt-3 text-slate-700">{s}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section aria-labelledby="terms" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="terms" className="text-2xl font-bold text-slate-900">
          {t('about.terms')}
        </h2>
        <ul className="mt-4 max-w-3xl list-disc space-y-2 pl-5 text-slate-700">
          {terms.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

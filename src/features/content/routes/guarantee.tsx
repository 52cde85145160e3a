import { Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '../components/page-header';
import { TextSection } from '../components/text-section';
import { homeSectionPoints } from '../home-sections.server';
import { NEW_TAB } from '../links';
import { guaranteeTexts } from '../page-texts';
import type { Route } from './+types/guarantee';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const g = guaranteeTexts[layout.locale];
  return seoMeta({ ...layout, path: '/guarantee', title: g.title, description: g.lead });
}

/** The steps of the programme are the home page's warranty points (home-sections admin area). */
export async function loader({ params }: Route.LoaderArgs) {
  return { steps: await homeSectionPoints('warranty', guardLocale(params)) };
}

export default function Guarantee({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useT();
  const g = guaranteeTexts[locale];
  return (
    <>
      <PageHeader title={g.title} lead={g.lead}>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={`/${locale}/application-form`} className="rounded-md bg-white px-5 py-2.5 font-semibold text-brand-900 hover:bg-brand-50">
            {g.applyCta}
          </Link>
          <a href={g.conditionsPdf} {...NEW_TAB} className="rounded-md border border-white/70 px-5 py-2.5 font-semibold text-white hover:bg-white/10">
            {g.conditionsCta}
            <span className="sr-only"> {t('footer.newTab')}</span>
          </a>
        </div>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div>
          <div className="flex items-start gap-5">
            <svg viewBox="0 0 64 72" width="64" height="72" aria-hidden="true" className="hidden shrink-0 sm:block">
              <path d="M32 2l28 10v22c0 18-12 30-28 36C16 64 4 52 4 34V12z" fill="#1549c6" />
              <path d="M20 36l9 9 16-18" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <p className="text-lg leading-relaxed text-slate-700">{g.intro}</p>
          </div>
          <div className="mt-10">
            <TextSection section={g.covers} id="covers" />
          </div>
          <section aria-labelledby="steps" className="mt-12">
            <h2 id="steps" className="text-2xl font-bold text-slate-900">
              {g.stepsTitle}
            </h2>
            <ol className="mt-6 space-y-4">
              {loaderData.steps.map((s, i) => (
                <li key={s.title} className="flex gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                  <span
                    className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900">{s.title}</h3>
                    {s.text && <p className="mt-1 leading-relaxed text-slate-700">{s.text}</p>}
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <div className="mt-12">
            <TextSection section={g.notCovered} id="not-covered" mark="cross" />
          </div>
        </div>
        <aside className="space-y-6 lg:sticky lg:top-32 lg:self-start">
          <section aria-labelledby="apply" className="rounded-lg bg-brand-900 p-6 text-white">
            <h2 id="apply" className="text-xl font-bold">
              {g.applyTitle}
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-brand-100">{g.applyText}</p>
            <Link to={`/${locale}/application-form`} className="mt-4 inline-block rounded-md bg-white px-4 py-2 font-semibold text-brand-900 hover:bg-brand-50">
              {g.applyCta}
            </Link>
            <a href={g.conditionsPdf} {...NEW_TAB} className="mt-3 block text-sm font-medium text-white underline hover:text-brand-100">
              {g.conditionsCta}
              <span className="sr-only"> {t('footer.newTab')}</span>
            </a>
          </section>
          <nav aria-labelledby="related" className="rounded-lg border border-slate-200 p-6">
            <h2 id="related" className="font-semibold text-slate-900">
              {g.related.title}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <Link to={`/${locale}/courses`} className="text-brand-700 hover:underline">
                  {g.related.trainings}
                </Link>
              </li>
              <li>
                <Link to={`/${locale}/tester-rentals`} className="text-brand-700 hover:underline">
                  {g.related.rentals}
                </Link>
              </li>
              <li>
                <Link to={`/${locale}/knowledge-base?section=${encodeURIComponent('Instrukcje')}`} className="text-brand-700 hover:underline">
                  {g.related.knowledge}
                </Link>
              </li>
            </ul>
          </nav>
        </aside>
      </div>
    </>
  );
}

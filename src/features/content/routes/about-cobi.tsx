import { Link } from 'react-router';
import { useLocale } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import systemIllustration from '../assets/about-cobi-system.svg?no-inline';
import { PageHeader } from '../components/page-header';
import { brandTexts } from '../page-texts';
import type { Route } from './+types/about-cobi';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const b = brandTexts[layout.locale];
  return seoMeta({ ...layout, path: '/about-cobi', title: b.title, description: b.lead });
}

/** Simple line drawings of the three product lines. */
function FamilyIcon({ index }: { index: number }) {
  const paths = [
    // copper: a twisted pair into an RJ45 plug
    'M4 24c6-8 10 8 16 0s10 8 16 0M36 16h10v16H36zM40 20v8m3-8v8',
    // fibre: light through a fibre with a connector
    'M4 24h28M32 18h8v12h-8zM40 22h6v4h-6M8 20l4 4-4 4m8-8l4 4-4 4',
    // cabinet: a rack with shelves
    'M12 6h24v38H12zM16 12h16M16 18h16M16 24h16M16 30h16M16 40h2m12 0h2',
  ];
  return (
    <svg width="48" height="48" viewBox="0 0 50 50" aria-hidden="true" className="text-brand-700">
      <path d={paths[index % paths.length]} stroke="currentColor" strokeWidth="2.2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export default function AboutCobi() {
  const locale = useLocale();
  const b = brandTexts[locale];
  return (
    <>
      <PageHeader title={b.title} lead={b.lead} />
      <div className="mx-auto max-w-4xl px-4 py-12">
        {b.intro.map((p) => (
          <p key={p} className="mt-4 text-lg leading-relaxed text-slate-700 first:mt-0">
            {p}
          </p>
        ))}
        <img
          src={systemIllustration}
          alt={b.illustrationAlt}
          width={1200}
          height={560}
          loading="lazy"
          className="mt-10 h-auto w-full rounded-lg border border-slate-200"
        />
      </div>
      <section aria-labelledby="families" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="families" className="text-2xl font-bold text-slate-900">
            {b.familiesTitle}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {b.families.map((f, i) => (
              <li key={f.title} className="rounded-lg bg-white p-6 shadow-sm">
                <FamilyIcon index={i} />
                <h3 className="mt-3 text-lg font-semibold text-slate-900">{f.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{f.text}</p>
                <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
                  {f.items.map((item) => (
                    <li key={item} className="flex gap-2">
                      <span aria-hidden="true" className="text-brand-600">
                        •
                      </span>
                      {item}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="why" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="why" className="text-2xl font-bold text-slate-900">
          {b.whyTitle}
        </h2>
        <dl className="mt-6 grid gap-6 sm:grid-cols-2">
          {b.why.map((w) => (
            <div key={w.title} className="border-l-4 border-brand-600 pl-4">
              <dt className="font-semibold text-slate-900">{w.title}</dt>
              <dd className="mt-1 leading-relaxed text-slate-700">{w.text}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to={`/${locale}/categories`} className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            {b.ctaCatalogue}
          </Link>
          <Link
            to={`/${locale}/knowledge-base?section=${encodeURIComponent('Dokumenty')}`}
            className="rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
          >
            {b.ctaKnowledge}
          </Link>
          <Link to={`/${locale}/guarantee`} className="rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50">
            {b.ctaGuarantee}
          </Link>
        </div>
      </section>
    </>
  );
}

import { Link } from 'react-router';
import { COMPANY } from '~/core/company';
import { useLocale } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import companyIllustration from '../assets/about-company.svg?no-inline';
import { PageHeader } from '../components/page-header';
import { TextSection } from '../components/text-section';
import { aboutTexts, contactTexts } from '../page-texts';
import type { Route } from './+types/about';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const a = aboutTexts[layout.locale];
  return seoMeta({
    ...layout,
    path: '/about',
    title: a.title,
    description: a.lead,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: COMPANY.name,
        url: layout.origin || undefined,
        email: COMPANY.email,
        address: {
          '@type': 'PostalAddress',
          streetAddress: COMPANY.street,
          postalCode: COMPANY.postcode,
          addressLocality: COMPANY.town,
          addressCountry: 'PL',
        },
        sameAs: COMPANY.social.map((s) => s.href),
      },
    ],
  });
}

const ICONS = [
  'M10 2l2.4 5 5.6.8-4 3.9.9 5.5L10 14.6 5.1 17.2l.9-5.5-4-3.9 5.6-.8z',
  'M10 2a6 6 0 00-6 6v3l-2 3h16l-2-3V8a6 6 0 00-6-6zm-2 14a2 2 0 004 0',
  'M2 6l8-4 8 4v8l-8 4-8-4zm8 4v8m0-8l8-4m-8 4L2 6',
  'M10 1l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V4z',
];

export default function About() {
  const locale = useLocale();
  const a = aboutTexts[locale];
  const contact = contactTexts[locale];
  return (
    <>
      <PageHeader title={a.title} lead={a.lead} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          <img src={companyIllustration} alt={a.illustrationAlt} width={1200} height={560} className="mb-8 h-auto w-full rounded-lg border border-slate-200" />
          {a.sections.map((s, i) => (
            <TextSection key={s.title} section={s} id={`about-${i}`} />
          ))}
        </div>
        <aside aria-labelledby="about-address" className="self-start rounded-lg border border-slate-200 bg-slate-50 p-6">
          <h2 id="about-address" className="font-semibold text-slate-900">
            {contact.headOffice}
          </h2>
          <address className="mt-2 not-italic leading-relaxed text-slate-700">
            {COMPANY.name}
            <br />
            {COMPANY.street}
            <br />
            {COMPANY.postcode} {COMPANY.town}
            <br />
            {contact.country}
          </address>
          <p className="mt-3 text-sm text-slate-700">
            <a href={`mailto:${COMPANY.email}`} className="text-brand-700 underline">
              {COMPANY.email}
            </a>
          </p>
          <Link to={`/${locale}/contact`} className="mt-4 inline-block font-medium text-brand-700 hover:underline">
            {a.ctaContact} <span aria-hidden="true">→</span>
          </Link>
        </aside>
      </div>
      <section aria-labelledby="values" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="values" className="text-2xl font-bold text-slate-900">
            {a.valuesTitle}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {a.values.map((v, i) => (
              <li key={v.title} className="rounded-lg bg-white p-6 shadow-sm">
                <svg width="32" height="32" viewBox="0 0 20 20" aria-hidden="true" className="text-brand-700">
                  <path d={ICONS[i % ICONS.length]} stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinejoin="round" />
                </svg>
                <h3 className="mt-3 font-semibold text-slate-900">{v.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-700">{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="about-cta" className="mx-auto max-w-7xl px-4 pt-12">
        <div className="flex flex-col gap-4 rounded-lg bg-brand-900 p-8 text-white md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="about-cta" className="text-xl font-bold">
              {a.ctaTitle}
            </h2>
            <p className="mt-1 text-brand-100">{a.ctaText}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-3">
            <Link to={`/${locale}/contact`} className="rounded-md bg-white px-5 py-2.5 font-semibold text-brand-900 hover:bg-brand-50">
              {a.ctaContact}
            </Link>
            <Link to={`/${locale}/about-cobi`} className="rounded-md border border-white/70 px-5 py-2.5 font-semibold hover:bg-white/10">
              {a.ctaBrand}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

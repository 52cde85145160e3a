import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COMPANY } from '~/core/company';
import type { Consent } from '~/core/consent/consent';
import { ConsentGate } from '~/core/consent/consent-gate';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import contactMap from '../assets/contact-map.svg?no-inline';
import { PageHeader } from '../components/page-header';
import type { HomePoint } from '../home-sections';
import { CONTACT_PHONE, contactTexts } from '../page-texts';

const ADDRESS_QUERY = encodeURIComponent(`${COMPANY.name}, ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.town}`);
const MAP_EMBED = `https://www.google.com/maps?q=${ADDRESS_QUERY}&output=embed`;
const MAP_ROUTE = `https://www.google.com/maps/dir/?api=1&destination=${ADDRESS_QUERY}`;

const tel = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

/** What the page shows from the server; the route (app/pages/contact.tsx) loads it. */
export interface ContactPageData {
  /** The map needs marketing consent; the server renders the gate from the visitor's cookie. */
  consent: Consent | null;
  /** The opening hours: the home page's contact points (home-sections admin area). */
  hours: HomePoint[];
}

export function meta({ matches }: { matches: Parameters<typeof layoutFromMatches>[0] }) {
  const layout = layoutFromMatches(matches);
  const c = contactTexts[layout.locale];
  return seoMeta({
    ...layout,
    path: '/contact',
    title: c.title,
    description: c.lead,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: COMPANY.name,
        telephone: CONTACT_PHONE,
        email: COMPANY.email,
        address: {
          '@type': 'PostalAddress',
          streetAddress: COMPANY.street,
          postalCode: COMPANY.postcode,
          addressLocality: COMPANY.town,
          addressCountry: 'PL',
        },
        openingHoursSpecification: [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
            opens: '08:00',
            closes: '16:00',
          },
        ],
      },
    ],
  });
}

/**
 * The contact page (the route is app/pages/contact.tsx). `form`: the contact form, which the forms
 * feature owns; the application layer puts it in, since a feature does not render another feature's components.
 */
export default function Contact({ loaderData, form }: { loaderData: ContactPageData; form?: ReactNode }) {
  const locale = useLocale();
  const t = useT();
  const c = contactTexts[locale];
  return (
    <>
      <PageHeader title={c.title} lead={c.lead} />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <div className="grid gap-8 lg:grid-cols-[22rem_minmax(0,1fr)]">
          <div className="space-y-6">
            <section aria-labelledby="head-office" className="rounded-lg border border-slate-200 p-6">
              <h2 id="head-office" className="text-lg font-semibold text-slate-900">
                {c.headOffice}
              </h2>
              <address className="mt-2 not-italic leading-relaxed text-slate-700">
                <strong className="font-semibold text-slate-900">{COMPANY.name}</strong>
                <br />
                {COMPANY.street}
                <br />
                {COMPANY.postcode} {COMPANY.town}
                <br />
                {c.country}
              </address>
              <dl className="mt-4 space-y-1 text-slate-700">
                <div className="flex gap-2">
                  <dt className="font-medium">{c.phone}:</dt>
                  <dd>
                    <a href={tel(CONTACT_PHONE)} className="text-brand-700 hover:underline">
                      {CONTACT_PHONE}
                    </a>
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt className="font-medium">{c.email}:</dt>
                  <dd>
                    <a href={`mailto:${COMPANY.email}`} className="text-brand-700 hover:underline">
                      {COMPANY.email}
                    </a>
                  </dd>
                </div>
              </dl>
            </section>
            <section aria-labelledby="hours" className="rounded-lg border border-slate-200 p-6">
              <h2 id="hours" className="text-lg font-semibold text-slate-900">
                {c.hoursTitle}
              </h2>
              <dl className="mt-2 space-y-1 text-slate-700">
                {loaderData.hours.map((h) => (
                  <div key={h.title} className="flex justify-between gap-4">
                    <dt>{h.title}</dt>
                    <dd className="shrink-0 text-right font-medium">{h.text}</dd>
                  </div>
                ))}
              </dl>
              <h3 className="mt-4 font-semibold text-slate-900">{c.warehouseTitle}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-700">{c.warehouseText}</p>
            </section>
          </div>
          <section aria-labelledby="map-title" className="flex flex-col">
            <h2 id="map-title" className="sr-only">
              {c.mapTitle}
            </h2>
            <ConsentGate
              kind="map"
              serverConsent={loaderData.consent}
              className="min-h-80 w-full flex-1"
              poster={{ src: contactMap, alt: c.mapPoster, width: 1200, height: 800 }}
            >
              <iframe
                src={MAP_EMBED}
                title={c.mapTitle}
                className="min-h-80 w-full flex-1 rounded-lg border-0"
                loading="lazy"
                referrerPolicy="no-referrer-when-downgrade"
              />
            </ConsentGate>
            <a href={MAP_ROUTE} target="_blank" rel="noopener noreferrer" className="mt-3 self-start text-sm font-medium text-brand-700 hover:underline">
              {c.routeLink}
              <span className="sr-only"> {t('footer.newTab')}</span>
            </a>
          </section>
        </div>
        {form && <div className="mt-12">{form}</div>}
        <section aria-labelledby="departments" className="mt-12">
          <h2 id="departments" className="text-2xl font-bold text-slate-900">
            {c.departmentsTitle}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {c.departments.map((d) => (
              <li key={d.email} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                <h3 className="font-semibold text-slate-900">{d.name}</h3>
                <p className="mt-1 text-sm text-slate-600">{d.description}</p>
                <p className="mt-3 text-sm">
                  <a href={`mailto:${d.email}`} className="break-all text-brand-700 hover:underline">
                    {d.email}
                  </a>
                </p>
                <p className="text-sm">
                  <a href={tel(d.phone)} className="text-brand-700 hover:underline">
                    {d.phone}
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </section>
        <p className="mt-10 text-slate-700">
          {c.complaintsText}{' '}
          <Link to={`/${locale}/complaint-form`} className="font-medium text-brand-700 hover:underline">
            {c.complaintsLink}
          </Link>
        </p>
      </div>
    </>
  );
}

// /{locale}: the front door of the site. The sections, their order, headings and leads come from
// the home-sections admin area (content); their data from the catalogue, content, trainings,
// courses and rentals services (home.server.ts). Server-rendered, no script of its own.
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { COMPANY } from '~/core/company';
import { ResponsiveImage } from '~/core/files/responsive-image';
import { formatDate } from '~/core/time/format';
import type { Locale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney } from '~/core/money/money';
import { guardLocale } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { useScrollFade } from '~/core/ui/scroll-fade';
import { SearchBox } from '~/core/ui/search-box';
import type { CategoryTile } from '~/features/catalog/catalog.server';
import type { HomeProductCard } from '~/features/catalog/home-products.server';
import { categoryPath, productPath } from '~/features/catalog/search';
import { PostCard } from '~/features/content/components/post-card';
import type { HomeSectionKey } from '~/features/content/home-sections';
import type { HomeSection } from '~/features/content/home-sections.server';
import type { HomeData } from './home.server';
import { loadHome } from './home.server';
import { homeMessages } from './home-messages';
import type { Route } from './+types/home';

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ ...layoutFromMatches(matches), path: '' });
}

export async function loader({ params }: Route.LoaderArgs) {
  return loadHome(guardLocale(params));
}

type T = ReturnType<typeof translator<keyof typeof homeMessages.pl & string>>;

const container = 'mx-auto max-w-7xl px-4';
const primaryCta =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800';
const secondaryCta =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-brand-800 hover:border-brand-300 hover:bg-brand-50';
const textLink = 'inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline';

function Arrow() {
  return (
    <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 10h11M11 5l5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Check({ className = 'text-brand-600' }: { className?: string }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      className={`mt-0.5 shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
    >
      <path d="M4.5 10.5l3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A section with its id (the hash anchors), heading, lead and an optional link beside the heading. */
function Section({ section, tone = 'white', more, children }: { section: HomeSection; tone?: 'white' | 'muted'; more?: ReactNode; children: ReactNode }) {
  const headingId = `${section.key}-title`;
  return (
    <section
      id={section.key === 'catalog' ? 'catalog' : `home-${section.key}`}
      aria-labelledby={headingId}
      data-home-section={section.key}
      className={`scroll-mt-24 py-14 sm:py-16 ${tone === 'muted' ? 'bg-slate-50' : 'bg-white'}`}
    >
      <div className={container}>
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <div className="max-w-3xl">
            <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {section.title}
            </h2>
            {section.lead && <p className="mt-2 text-base leading-relaxed text-slate-600">{section.lead}</p>}
          </div>
          {more}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

function Hero({ section, t, locale }: { section: HomeSection; t: T; locale: Locale }) {
  return (
    <section aria-labelledby="hero-title" data-home-section="hero" className="relative overflow-hidden bg-brand-900 text-white">
      <svg
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-0 hidden h-full w-1/2 text-brand-700 md:block"
        viewBox="0 0 400 400"
        preserveAspectRatio="xMaxYMid slice"
        fill="none"
      >
        {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
          <path
            key={i}
            d={`M${-40 + i * 18} 420 C ${120 + i * 10} ${300 - i * 8}, ${160 + i * 12} ${120 + i * 6}, ${420} ${40 + i * 26}`}
            stroke="currentColor"
            strokeWidth={i % 3 === 0 ? 3 : 1.5}
            opacity={0.35 + (i % 4) * 0.12}
          />
        ))}
        {[0, 1, 2, 3, 4].map((i) => (
          <circle key={`c${i}`} cx={300 + (i % 2) * 40} cy={90 + i * 55} r="5" fill="currentColor" opacity="0.6" />
        ))}
      </svg>
      <div className={`${container} relative py-14 sm:py-20 lg:py-24`}>
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-200">{t('hero.eyebrow')}</p>
        <h1 id="hero-title" className="mt-3 max-w-3xl text-3xl font-bold leading-tight tracking-tight sm:text-4xl lg:text-5xl">
          {section.title}
        </h1>
        {section.lead && <p className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-100">{section.lead}</p>}
        <div className="mt-8 max-w-xl rounded-lg bg-white p-2 text-slate-900 shadow-lg">
          <SearchBox locale={locale} id="home-search" label={t('hero.searchLabel')} />
        </div>
        <p className="mt-2 text-sm text-brand-200">{t('hero.searchLabel')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link
            to={`/${locale}/categories`}
            className="inline-flex items-center justify-center gap-2 rounded-md bg-white px-6 py-3 font-semibold text-brand-900 shadow-sm hover:bg-brand-50"
          >
            {t('hero.products')}
            <Arrow />
          </Link>
          <Link
            to={`/${locale}/cart`}
            className="inline-flex items-center justify-center gap-2 rounded-md border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10"
          >
            {t('hero.shop')}
            <Arrow />
          </Link>
        </div>
        <ul className="mt-10 grid gap-3 border-t border-white/15 pt-6 text-sm font-medium text-brand-100 sm:grid-cols-3">
          {section.points.map((p) => (
            <li key={p.title} className="flex items-start gap-2">
              <Check className="text-brand-300" />
              {p.title}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CategoryTiles({ items, locale, t }: { items: CategoryTile[]; locale: Locale; t: T }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-5">
      {items.map((c) => (
        <li
          key={c.id}
          className="group relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:border-brand-300 hover:shadow-md"
        >
          <div className="aspect-[4/3] overflow-hidden bg-slate-50">
            {c.image ? (
              <ResponsiveImage
                image={{ ...c.image, alt: '' }}
                sizes="(min-width: 1280px) 240px, (min-width: 1024px) 19vw, (min-width: 768px) 30vw, 48vw"
                displayWidth={320}
                className="h-full w-full object-contain p-2 transition duration-300 group-hover:scale-[1.03]"
              />
            ) : null}
          </div>
          <div className="flex flex-1 flex-col border-t border-slate-100 p-3 sm:p-4">
            <h3 className="text-sm font-semibold leading-snug text-slate-900 sm:text-base">
              <Link to={categoryPath(locale, c.id, c.slug)} className="after:absolute after:inset-0 group-hover:text-brand-700 focus-visible:outline-none">
                {c.name}
              </Link>
            </h3>
            {c.children.length > 0 && <p className="mt-1 text-xs text-slate-600 sm:text-sm">{t('catalog.subcategories', { count: c.children.length })}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

function ProductCards({ items, locale, label, badge }: { items: HomeProductCard[]; locale: Locale; label: string; badge?: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
      {items.map((p) => (
        <li
          key={p.id}
          className="group relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white transition hover:border-brand-300 hover:shadow-md"
        >
          <div className="relative aspect-[4/3] bg-slate-50">
            {p.image ? (
              <ResponsiveImage image={p.image} sizes="(min-width: 1024px) 300px, 48vw" displayWidth={320} className="h-full w-full object-contain p-2" />
            ) : null}
            {badge && <span className="absolute left-2 top-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{badge}</span>}
          </div>
          <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
            {p.category && <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{p.category}</p>}
            <h4 className="text-sm font-semibold leading-snug text-slate-900 sm:text-base">
              <Link to={productPath(locale, p.id, p.slug)} className="after:absolute after:inset-0 group-hover:text-brand-700 focus-visible:outline-none">
                {p.name}
              </Link>
            </h4>
            {p.number && <p className="mt-auto pt-1 font-mono text-xs text-slate-600">{p.number}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

function Products({ data, locale, t }: { data: HomeData; locale: Locale; t: T }) {
  return (
    <div className="space-y-10">
      {data.featured.length > 0 && (
        <div>
          <h3 className="mb-4 text-lg font-semibold text-slate-900">{t('products.featured')}</h3>
          <ProductCards items={data.featured} locale={locale} label={t('products.featured')} />
        </div>
      )}
      {data.latest.length > 0 && (
        <div>
          <h3 className="mb-4 text-lg font-semibold text-slate-900">{t('products.latest')}</h3>
          <ProductCards items={data.latest} locale={locale} label={t('products.latest')} badge={t('products.new')} />
        </div>
      )}
    </div>
  );
}

function Warranty({ section, locale, t }: { section: HomeSection; locale: Locale; t: T }) {
  return (
    <section id="home-warranty" aria-labelledby="warranty-title" data-home-section="warranty" className="scroll-mt-24 bg-brand-900 py-14 text-white sm:py-16">
      <div className={`${container} grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start`}>
        <div>
          <div className="flex items-center gap-4">
            <svg viewBox="0 0 64 72" width="48" height="54" aria-hidden="true" className="shrink-0">
              <path d="M32 2l28 10v22c0 18-12 30-28 36C16 64 4 52 4 34V12z" fill="#fff" />
              <path d="M20 36l9 9 16-18" stroke="#1549c6" strokeWidth="5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h2 id="warranty-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {section.title}
            </h2>
          </div>
          {section.lead && <p className="mt-4 text-base leading-relaxed text-brand-100">{section.lead}</p>}
          <div className="mt-6 flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
            <Link
              to={`/${locale}/application-form`}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-white px-5 py-2.5 text-sm font-semibold text-brand-900 hover:bg-brand-50"
            >
              {t('warranty.apply')}
            </Link>
            <Link
              to={`/${locale}/guarantee`}
              className="inline-flex items-center justify-center gap-2 rounded-md border border-white/70 px-5 py-2.5 text-sm font-semibold text-white hover:bg-white/10"
            >
              {t('warranty.more')}
              <Arrow />
            </Link>
          </div>
        </div>
        <div>
          <h3 className="text-sm font-semibold uppercase tracking-wider text-brand-200">{t('warranty.steps')}</h3>
          <ol className="mt-4 grid gap-3 sm:grid-cols-2">
            {section.points.map((s, i) => (
              <li key={s.title} className="flex gap-3 rounded-lg bg-white/10 p-4 ring-1 ring-white/15">
                <span
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-white text-sm font-bold text-brand-900"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <div>
                  <h4 className="font-semibold">{s.title}</h4>
                  {s.text && <p className="mt-1 text-sm leading-relaxed text-brand-100">{s.text}</p>}
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}

function Trainings({ data, locale, t }: { data: HomeData; locale: Locale; t: T }) {
  const card = 'flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className={card}>
        <h3 className="text-lg font-semibold text-slate-900">{t('trainings.online')}</h3>
        <p className="mt-1 text-sm text-slate-600">{t('trainings.onlineLead')}</p>
        <ul className="mt-4 flex-1 divide-y divide-slate-100">
          {data.trainings.map((tr) => (
            <li key={tr.id} className="py-3">
              <p className="font-medium text-slate-900">{tr.title}</p>
              {tr.summary && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{tr.summary}</p>}
            </li>
          ))}
        </ul>
        <p className="mt-4 flex items-start gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
          <Check className="text-brand-700" />
          {t('trainings.certificate')}
        </p>
        <Link to={`/${locale}/trainings`} className={`${textLink} mt-4`}>
          {t('trainings.onlineAll')}
          <Arrow />
        </Link>
      </div>
      <div className={card}>
        <h3 className="text-lg font-semibold text-slate-900">{t('trainings.courses')}</h3>
        <p className="mt-1 text-sm text-slate-600">{t('trainings.coursesLead')}</p>
        {data.courses.length === 0 ? (
          <p className="mt-4 flex-1 text-sm text-slate-700">{t('trainings.noCourses')}</p>
        ) : (
          <ul className="mt-4 flex-1 divide-y divide-slate-100">
            {data.courses.map((c) => (
              <li key={c.id} className="flex gap-4 py-3">
                <time dateTime={c.dateFrom} className="flex w-14 shrink-0 flex-col items-center rounded-md bg-brand-50 py-1.5 text-brand-800">
                  <span className="text-lg font-bold leading-none">{c.dateFrom.slice(8, 10)}</span>
                  <span className="mt-0.5 text-xs font-medium">
                    {c.dateFrom.slice(5, 7)}.{c.dateFrom.slice(0, 4)}
                  </span>
                </time>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{c.title}</p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {c.city} · {formatDate(c.dateFrom)}
                    {c.dateTo !== c.dateFrom ? ` – ${formatDate(c.dateTo)}` : ''} · {formatMoney(c.priceGrosze, locale)} {t('trainings.net')}
                  </p>
                  <p className={`mt-0.5 text-xs font-medium ${c.seatsLeft > 0 ? 'text-emerald-800' : 'text-red-700'}`}>
                    {c.seatsLeft > 0 ? t('trainings.seats', { count: c.seatsLeft }) : t('trainings.full')}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Link to={`/${locale}/courses`} className={`${textLink} mt-4`}>
          {t('trainings.coursesAll')}
          <Arrow />
        </Link>
      </div>
    </div>
  );
}

function Rental({ data, points, locale, t }: { data: HomeData; points: HomeSection['points']; locale: Locale; t: T }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center">
      <ul className="grid gap-5 sm:grid-cols-2">
        {data.testers.map((m) => (
          <li key={m.id} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            <div className="aspect-[4/3] bg-slate-50">
              {m.image && (
                <ResponsiveImage
                  image={m.image}
                  sizes="(min-width: 1024px) 280px, (min-width: 640px) 45vw, 90vw"
                  displayWidth={480}
                  className="h-full w-full object-contain p-3"
                />
              )}
            </div>
            <div className="flex flex-1 flex-col p-4">
              <h3 className="font-semibold text-slate-900">{m.name}</h3>
              <p className="text-sm text-slate-600">{m.model}</p>
              <p className="mt-2 text-sm font-semibold text-brand-800">{t('rental.from', { price: formatMoney(m.pricePerDay, locale) })}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3">
        <ul className="mb-2 space-y-2 text-sm text-slate-800">
          {points.map((p) => (
            <li key={p.title} className="flex items-start gap-2">
              <Check />
              {p.title}
            </li>
          ))}
        </ul>
        <Link to={`/${locale}/tester-rentals-rent`} className={primaryCta}>
          {t('rental.book')}
          <Arrow />
        </Link>
        <Link to={`/${locale}/tester-rentals`} className={secondaryCta}>
          {t('rental.about')}
        </Link>
        <Link to={`/${locale}/tester-rentals-price-list`} className={secondaryCta}>
          {t('rental.prices')}
        </Link>
      </div>
    </div>
  );
}

function Realizations({ data, locale }: { data: HomeData; locale: Locale }) {
  const strip = useRef<HTMLUListElement>(null);
  useScrollFade(strip);
  return (
    <ul
      ref={strip}
      className="scroll-fade -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-4"
    >
      {data.realizations.map((r) => (
        <li key={r.id} className="w-[78%] shrink-0 snap-start overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm sm:w-auto">
          <div className="aspect-[4/3] bg-slate-100">
            {r.image && (
              <ResponsiveImage
                image={{ ...r.image, alt: '' }}
                sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 78vw"
                displayWidth={480}
                className="h-full w-full object-cover"
              />
            )}
          </div>
          <div className="p-4">
            <h3 className="font-semibold leading-snug text-slate-900">
              <Link to={`/${locale}/realizations`} className="hover:text-brand-700 hover:underline">
                {r.title}
              </Link>
            </h3>
            <p className="mt-1 text-sm text-slate-600">{[r.location, r.year].filter(Boolean).join(' · ')}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Shop({ section, locale, t }: { section: HomeSection; locale: Locale; t: T }) {
  return (
    <section id="home-shop" aria-labelledby="shop-title" data-home-section="shop" className="scroll-mt-24 bg-white py-14 sm:py-16">
      <div className={container}>
        <div className="grid gap-8 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-lg sm:p-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center">
          <div>
            <h2 id="shop-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {section.title}
            </h2>
            {section.lead && <p className="mt-3 leading-relaxed text-brand-100">{section.lead}</p>}
            <ul className="mt-5 space-y-2 text-sm font-medium">
              {section.points.map((p) => (
                <li key={p.title} className="flex items-start gap-2">
                  <Check className="text-brand-200" />
                  {p.title}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-3">
            <Link
              to={`/${locale}/register`}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-white px-5 py-3 font-semibold text-brand-900 hover:bg-brand-50"
            >
              {t('shop.register')}
            </Link>
            <Link
              to={`/${locale}/cart`}
              className="inline-flex items-center justify-center gap-2 rounded-md border border-white/70 px-5 py-3 font-semibold text-white hover:bg-white/10"
            >
              {t('shop.login')}
              <Arrow />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function Contact({ section, phone, t }: { section: HomeSection; phone: string; t: T }) {
  const item = 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm';
  const label = 'text-xs font-semibold uppercase tracking-wider text-slate-600';
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <div className={item}>
        <p className={label}>{t('contact.phone')}</p>
        <a href={`tel:${phone.replace(/\s+/g, '')}`} className="mt-2 block text-lg font-semibold text-brand-800 hover:underline">
          {phone}
        </a>
      </div>
      <div className={item}>
        <p className={label}>{t('contact.email')}</p>
        <a href={`mailto:${COMPANY.email}`} className="mt-2 block break-all text-lg font-semibold text-brand-800 hover:underline">
          {COMPANY.email}
        </a>
      </div>
      <div className={item}>
        <p className={label}>{t('contact.address')}</p>
        <p className="mt-2 text-slate-800">
          {COMPANY.name}
          <br />
          {COMPANY.street}
          <br />
          {COMPANY.postcode} {COMPANY.town}
        </p>
      </div>
      <div className={item}>
        <p className={label}>{t('contact.hours')}</p>
        <dl className="mt-2 space-y-1 text-sm text-slate-800">
          {section.points.map((h) => (
            <div key={h.title}>
              <dt className="font-medium">{h.title}</dt>
              <dd className="text-slate-600">{h.text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

const MORE: Partial<Record<HomeSectionKey, { path: string; key: keyof typeof homeMessages.pl }>> = {
  catalog: { path: 'categories', key: 'catalog.all' },
  products: { path: 'category', key: 'products.all' },
  news: { path: 'posts', key: 'news.all' },
  realizations: { path: 'realizations', key: 'realizations.all' },
  contact: { path: 'contact', key: 'contact.more' },
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT(homeMessages);
  const locale = useLocale();
  const data = loaderData;
  const more = (key: HomeSectionKey) => {
    const m = MORE[key];
    return m ? (
      <Link to={`/${locale}/${m.path}`} className={textLink}>
        {t(m.key)}
        <Arrow />
      </Link>
    ) : undefined;
  };
  let muted = false;
  const body = (s: HomeSection): ReactNode => {
    switch (s.key) {
      case 'hero':
        return <Hero key={s.key} section={s} t={t} locale={locale} />;
      case 'warranty':
        muted = false;
        return <Warranty key={s.key} section={s} locale={locale} t={t} />;
      case 'shop':
        muted = false;
        return <Shop key={s.key} section={s} locale={locale} t={t} />;
    }
    const content: Partial<Record<HomeSectionKey, () => ReactNode>> = {
      catalog: () => (data.categories.length ? <CategoryTiles items={data.categories} locale={locale} t={t} /> : null),
      products: () => (data.featured.length || data.latest.length ? <Products data={data} locale={locale} t={t} /> : null),
      trainings: () => <Trainings data={data} locale={locale} t={t} />,
      rental: () => (data.testers.length ? <Rental data={data} points={s.points} locale={locale} t={t} /> : null),
      news: () =>
        data.posts.length ? (
          <ul className="grid gap-6 md:grid-cols-3">
            {data.posts.map((p) => (
              <li key={p.id} className="flex">
                <PostCard post={p} locale={locale} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : null,
      realizations: () => (data.realizations.length ? <Realizations data={data} locale={locale} /> : null),
      contact: () => <Contact section={s} phone={data.contactPhone} t={t} />,
    };
    const inner = content[s.key]?.();
    // The catalog anchor stays even when there is nothing to list (hash links and redirectFrom use it).
    if (inner === null && s.key !== 'catalog') return null;
    muted = !muted;
    return (
      <Section key={s.key} section={s} tone={muted ? 'muted' : 'white'} more={more(s.key)}>
        {inner}
      </Section>
    );
  };
  return (
    <>
      {data.sections.map((s) =>
        s.visible ? (
          body(s)
        ) : s.key === 'catalog' ? (
          // Hidden by the administrator, the categories keep their anchor where they would be:
          // #catalog and ?redirectFrom=catalog (SPEC section 2) still land there.
          <div key={s.key} id="catalog" data-home-anchor="catalog" className="scroll-mt-24" />
        ) : null,
      )}
    </>
  );
}

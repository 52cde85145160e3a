import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COMPANY, type SocialId } from '~/core/company';
import { CookieSettingsButton } from '~/core/consent/consent-ui';
import type { Locale } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { NEW_TAB, staticSiteHref } from '~/features/content/links';
import { FooterNewsletter } from '~/features/newsletter/components/footer-newsletter';
import { menuSections } from './menu-items';
import { SectionLink } from './section-scroll';
import type { LayoutData, LayoutStaticSite } from './site-layout';

/** SPEC section 2: the privacy pages linked from every page (static sites by slug). */
export const FOOTER_STATIC_SLUGS = ['polityka-prywatnosci', 'polityka-cookies', 'regulamin'] as const;

const SOCIAL_ICONS: Record<SocialId, ReactNode> = {
  facebook: <path d="M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z" />,
  linkedin: (
    <path d="M4.5 9h3.5v11H4.5zM6.2 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.4v1.6c.5-.9 1.7-1.9 3.5-1.9 3.7 0 4.4 2.3 4.4 5.4V20h-3.5v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H10z" />
  ),
  youtube: (
    <path d="M21.6 7.2a2.6 2.6 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.6 2.6 0 0 0 2.4 7.2 27 27 0 0 0 2 12a27 27 0 0 0 .4 4.8 2.6 2.6 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.6 2.6 0 0 0 1.8-1.8A27 27 0 0 0 22 12a27 27 0 0 0-.4-4.8zM10 15V9l5.2 3z" />
  ),
};

interface FooterLink {
  to: string;
  label: string;
  /** A file (static site with a download) or another site: opens in a new tab. */
  isFile?: boolean;
}

function staticLink(locale: Locale, slug: string, fallbackLabel: string, sites: LayoutStaticSite[]): FooterLink {
  const site = sites.find((s) => s.slug === slug);
  const { href, isFile } = staticSiteHref(locale, {
    slug,
    role_ids: site?.role_ids ?? [],
    resource_url: site?.resource_url ?? null,
  });
  return { to: href, label: site?.name || fallbackLabel, isFile };
}

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  const t = useT();
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            {l.isFile ? (
              <a href={l.to} {...NEW_TAB} className="text-brand-100 hover:text-white hover:underline">
                {l.label}
                <span className="sr-only"> {t('footer.newTab')}</span>
              </a>
            ) : (
              <Link to={l.to} className="text-brand-100 hover:text-white hover:underline">
                {l.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ data }: { data: LayoutData }) {
  const t = useT();
  const { locale } = data;
  const year = new Date().getFullYear();
  const sections = Object.fromEntries(menuSections(locale, t).map((s) => [s.id, s]));
  const offer: FooterLink[] = [
    { to: `/${locale}/categories`, label: t('nav.products') },
    { to: `/${locale}/posts`, label: t('nav.news') },
    { to: `/${locale}/guarantee`, label: t('nav.guarantee') },
    { to: `/${locale}/knowledge-base`, label: t('nav.knowledgeBase') },
    { to: `/${locale}/courses`, label: t('nav.courses') },
    { to: `/${locale}/trainings`, label: t('nav.onlineTrainings') },
    { to: `/${locale}/tester-rentals`, label: t('nav.testerRentals') },
    // SPEC sections 1 and 7: the external B2B shop (another site) beside this one's.
    { to: data.b2bShopUrl, label: t('footer.b2bShop'), isFile: true },
  ];
  const company: FooterLink[] = [
    ...(sections.about?.items ?? []),
    { to: `/${locale}/complaint-form`, label: t('nav.complaintForm') },
    { to: `/${locale}/newsletter`, label: t('nav.newsletter') },
  ];
  const legal: FooterLink[] = [
    staticLink(locale, 'polityka-prywatnosci', t('footer.privacy'), data.staticSites),
    staticLink(locale, 'polityka-cookies', t('footer.cookies'), data.staticSites),
    staticLink(locale, 'regulamin', t('footer.terms'), data.staticSites),
  ];

  return (
    <footer id="footer" className="bg-brand-900 text-brand-100">
      <FooterNewsletter />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1fr]">
        <div>
          <p className="text-xl font-bold text-white">
            COBI<span className="text-brand-300"> NET</span>
          </p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed">{t('footer.company')}</p>
          <address className="mt-4 text-sm not-italic leading-relaxed">
            {COMPANY.street}
            <br />
            {COMPANY.postcode} {COMPANY.town}
            <br />
            <a href={`mailto:${COMPANY.email}`} className="font-medium text-white underline underline-offset-2 hover:no-underline">
              {COMPANY.email}
            </a>
          </address>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-white">{t('footer.follow')}</h2>
          <ul className="mt-3 flex gap-2">
            {COMPANY.social.map((s) => (
              <li key={s.id}>
                <a
                  href={s.href}
                  {...NEW_TAB}
                  className="flex size-10 items-center justify-center rounded-full bg-brand-800 text-white transition-colors hover:bg-brand-600"
                >
                  <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                    {SOCIAL_ICONS[s.id]}
                  </svg>
                  <span className="sr-only">
                    {s.label} {t('footer.newTab')}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn title={t('footer.links')} links={offer} />
        <LinkColumn title={t('nav.about')} links={company} />
        <LinkColumn title={t('footer.info')} links={legal} />
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 text-xs text-brand-200">
          <p>
            © {year} {COMPANY.name}. {t('footer.rights')}
          </p>
          <CookieSettingsButton className="font-medium text-brand-100 underline-offset-2 hover:text-white hover:underline" />
          <SectionLink section="nav" className="inline-flex items-center gap-1 font-medium text-brand-100 hover:text-white hover:underline">
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2 8l4-4 4 4" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" />
            </svg>
            {t('footer.backToTop')}
          </SectionLink>
        </div>
      </div>
    </footer>
  );
}

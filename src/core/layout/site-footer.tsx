import { Link } from 'react-router';
import type { Locale } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import type { LayoutData } from './site-layout';

export function SiteFooter({ data }: { data: LayoutData; otherLocale: Locale }) {
  const t = useT();
  const { locale } = data;
  const year = new Date().getFullYear();
  const links = [
    { to: `/${locale}/categories`, label: t('nav.products') },
    { to: `/${locale}/posts`, label: t('nav.news') },
    { to: `/${locale}/guarantee`, label: t('nav.guarantee') },
    { to: `/${locale}/knowledge-base`, label: t('nav.knowledgeBase') },
    { to: `/${locale}/realizations`, label: t('nav.realizations') },
    { to: `/${locale}/videos`, label: t('nav.videos') },
    { to: `/${locale}/videos-instructional`, label: t('nav.videosInstructional') },
  ];
  const info = [
    { to: `/${locale}/about`, label: t('nav.about') },
    { to: `/${locale}/about-cobi`, label: t('nav.aboutCobi') },
    { to: `/${locale}/contact`, label: t('nav.contact') },
    { to: `/${locale}/static/polityka-prywatnosci`, label: t('footer.privacy') },
    { to: `/${locale}/static/polityka-cookies`, label: t('footer.cookies') },
    { to: `/${locale}/static/regulamin`, label: t('footer.terms') },
  ];
  const social = [
    { href: 'https://www.facebook.com/', label: 'Facebook' },
    { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
    { href: 'https://www.youtube.com/', label: 'YouTube' },
  ];
  return (
    <footer className="mt-16 bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">COBI NET</p>
          <p className="mt-2 text-sm leading-relaxed">{t('footer.company')}</p>
          <address className="mt-3 text-sm not-italic">
            ul. Usługowa 10B, 64-100 Leszno
            <br />
            <a href="mailto:biuro@cobinet.pl" className="underline">
              biuro@cobinet.pl
            </a>
          </address>
        </div>
        <nav aria-label={t('footer.links')}>
          <h2 className="font-semibold text-white">{t('footer.links')}</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.info')}>
          <h2 className="font-semibold text-white">{t('footer.info')}</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {info.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{t('footer.follow')}</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {social.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className="hover:text-white hover:underline">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-brand-200">
          © {year} COBI NET. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}

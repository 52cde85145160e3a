import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useMatches, useNavigation } from 'react-router';
import { alternatePathFromMatches } from '~/core/seo/meta';
import type { Locale } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { LOGGED_IN_FLAG, setFlag } from '~/core/ui/flags';
import type { MainCategory } from '~/features/catalog/categories.server';
import type { Consent } from '~/core/consent/consent';
import { ConsentBanner } from '~/core/consent/consent-ui';
import { SearchBox } from '~/core/ui/search-box';
import { AccountBlock } from './account-block';
import { DesktopNav } from './desktop-nav';
import { HomePopups } from './home-popups';
import { menuSections } from './menu-items';
import { isHomePath, useSectionScroll } from './section-scroll';
import { SiteFooter } from './site-footer';

// The mobile menu (and the react-aria code it uses) loads only when a visitor goes for the menu
// button: most pages are never shown it, and every page would otherwise download it.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));

export interface LayoutData {
  locale: Locale;
  categories: MainCategory[];
  staticSites: LayoutStaticSite[];
  user: LayoutUser | null;
  origin: string;
  /** The consent cookie of the request (null: no choice yet, the banner shows). */
  consent: Consent | null;
  /** The external B2B shop (SPEC section 7; B2B_SHOP_URL), linked from the footer in a new tab. */
  b2bShopUrl: string;
}

export interface LayoutStaticSite {
  id: number;
  slug: string;
  name: string;
  destination: string;
  has_resource: boolean;
  role_ids?: number[];
  /** Download URL of the site's file when it has one (the link then opens the file in a new tab). */
  resource_url?: string | null;
}

/** What the layout needs to know of the logged user. */
export interface LayoutUser {
  id: number;
  name: string;
  email: string;
  isVerified: boolean;
  isActive: boolean;
  /** can.admin.access */
  canAdmin: boolean;
  /** B2B shop access granted by the provider. */
  hasShop: boolean;
  /** The session's anti-forgery token: the logout form works before hydration and without JavaScript. */
  token: string;
}

/**
 * The same page and query in the other language (SPEC section 2: the switch keeps the rest): the
 * page's own address there when its route names one (a product's English slug), else the same path.
 */
export function switchLocaleHref(pathname: string, search: string, to: Locale, hash = '', alternate?: string): string {
  const rest = alternate ?? pathname.replace(/^\/(pl|en)(?=\/|$)/, '');
  return `/${to}${rest}${search}${hash}`;
}

function Logo({ locale }: { locale: Locale }) {
  const t = useT();
  return (
    <Link to={`/${locale}`} className="flex shrink-0 items-center gap-2 font-bold tracking-tight text-brand-900">
      <svg width="36" height="36" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#1549c6" />
        <path d="M8 10h16v3H8zm0 5h16v3H8zm0 5h10v3H8z" fill="#fff" />
      </svg>
      <span className="text-xl leading-none">
        COBI<span className="text-brand-600"> NET</span>
      </span>
      <span className="sr-only">– {t('nav.home')}</span>
    </Link>
  );
}

/** Below the desktop width: login (or my account) one tap away, beside the menu button. */
function CompactAccountLink({ data }: { data: LayoutData }) {
  const t = useT();
  const { locale, user } = data;
  const label = user ? t('nav.myAccount') : t('nav.login');
  return (
    <Link
      to={user ? `/${locale}/my-account/data` : `/${locale}/login`}
      className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-2.5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 lg:hidden"
    >
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="10" cy="7" r="3.5" />
        <path d="M3.5 17.5c.8-3.3 3.4-5 6.5-5s5.7 1.7 6.5 5" strokeLinecap="round" />
      </svg>
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Link>
  );
}

export function LanguageSwitch({ locale }: { locale: Locale }) {
  const t = useT();
  const location = useLocation();
  const matches = useMatches();
  const names: Record<Locale, string> = { pl: 'Polski', en: 'English' };
  return (
    <nav aria-label={t('nav.language')}>
      <ul className="flex overflow-hidden rounded-md border border-slate-300 text-sm font-semibold">
        {(['pl', 'en'] as const).map((l) => (
          <li key={l}>
            <Link
              to={switchLocaleHref(location.pathname, location.search, l, location.hash, alternatePathFromMatches(matches, l))}
              hrefLang={l}
              lang={l}
              aria-current={l === locale ? 'true' : undefined}
              className={`block px-2.5 py-1.5 uppercase ${l === locale ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              <span aria-hidden="true">{l}</span>
              <span className="sr-only">{names[l]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteLayout({ data, children }: { data: LayoutData; children: ReactNode }) {
  const t = useT();
  const { locale, user } = data;
  const location = useLocation();
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const mobileRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sections = menuSections(locale, t);

  useSectionScroll();

  // SPEC section 4: the is-logged-in flag follows the login state the server reports.
  useEffect(() => setFlag(LOGGED_IN_FLAG, Boolean(user)), [user]);

  // The mobile menu closes on navigation, on a click outside it and on Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every navigation
  useEffect(() => setMenuOpen(false), [location.key]);
  useEffect(() => {
    if (!menuOpen) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (mobileRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      if (mobileRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t('nav.skip')}
      </a>
      <header id="nav" className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/90">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 sm:gap-4">
          <Logo locale={locale} />
          <div className="hidden min-w-0 flex-1 md:block md:max-w-md lg:max-w-sm xl:max-w-md">
            <SearchBox locale={locale} id="search-desktop" />
          </div>
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <LanguageSwitch locale={locale} />
            <CompactAccountLink data={data} />
            <div className="hidden lg:block">
              <AccountBlock data={data} variant="bar" />
            </div>
            <button
              ref={toggleRef}
              type="button"
              className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-2.5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              data-early-click=""
              onClick={() => setMenuOpen((o) => !o)}
              onPointerEnter={loadMobileMenu}
              onTouchStart={loadMobileMenu}
              onFocus={loadMobileMenu}
            >
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                {menuOpen ? (
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                ) : (
                  <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                )}
              </svg>
              <span className="sr-only sm:not-sr-only">{menuOpen ? t('nav.closeMenu') : t('nav.menu')}</span>
            </button>
          </div>
        </div>
        {/* Phones and tablets: the search stays in the header, not only in the menu. */}
        <div className="border-t border-slate-100 px-4 pb-2.5 pt-2 lg:hidden">
          <SearchBox locale={locale} id="search-compact" />
        </div>
        <DesktopNav locale={locale} categories={data.categories} sections={sections} />
        {menuOpen && (
          <>
            <div aria-hidden="true" className="absolute inset-x-0 top-full h-[100dvh] bg-slate-900/30 lg:hidden" />
            <Suspense fallback={null}>
              <MobileMenu data={data} sections={sections} panelRef={mobileRef} onClose={() => setMenuOpen(false)} />
            </Suspense>
          </>
        )}
        {navigation.state === 'loading' && <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-0.5 animate-pulse bg-brand-500" />}
      </header>
      {/* A flex column whose last block grows: a page ending in a coloured band (home, login, my
          account) meets the footer without a white strip on a tall screen. Children keep the full
          width (w-full: a centred max-width box would otherwise shrink to its content). */}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none *:w-full [&>:last-child]:grow">
        {children}
      </main>
      <SiteFooter data={data} />
      <ConsentBanner serverConsent={data.consent} />
      {isHomePath(location.pathname) && <HomePopups key={locale} locale={locale} loggedIn={Boolean(user)} />}
    </div>
  );
}

/**
 * The frame of pages that draw their own chrome (the admin panel): only what every page needs
 * besides the header and footer – the login flag and the cookie banner.
 */
export function BareLayout({ data, children }: { data: LayoutData; children: ReactNode }) {
  const { user } = data;
  useEffect(() => setFlag(LOGGED_IN_FLAG, Boolean(user)), [user]);
  return (
    <>
      {children}
      <ConsentBanner serverConsent={data.consent} />
    </>
  );
}

import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form, Link, NavLink, useLocation, useNavigation } from 'react-router';
import type { Locale } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import type { MainCategory } from '~/features/catalog/categories.server';
import { SiteFooter } from './site-footer';

export interface LayoutData {
  locale: Locale;
  categories: MainCategory[];
  staticSites: { id: number; slug: string; name: string; destination: string; has_resource: boolean }[];
  user: LayoutUser | null;
  origin: string;
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
}

/** The same path and query in the other language (SPEC section 2: the switch keeps the rest). */
export function switchLocaleHref(pathname: string, search: string, to: Locale): string {
  const rest = pathname.replace(/^\/(pl|en)(?=\/|$)/, '');
  return `/${to}${rest}${search}`;
}

function Logo({ locale }: { locale: Locale }) {
  return (
    <Link to={`/${locale}`} className="flex items-center gap-2 font-bold tracking-tight text-brand-900" aria-label="COBI NET">
      <svg width="36" height="36" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#1549c6" />
        <path d="M8 10h16v3H8zm0 5h16v3H8zm0 5h10v3H8z" fill="#fff" />
      </svg>
      <span className="text-xl">
        COBI<span className="text-brand-600"> NET</span>
      </span>
    </Link>
  );
}

function MegaMenu({ locale, categories }: { locale: Locale; categories: MainCategory[] }) {
  const t = useT();
  return (
    <div className="group relative">
      <Link
        to={`/${locale}/categories`}
        className="inline-flex items-center gap-1 rounded px-3 py-2 font-medium hover:bg-brand-50 hover:text-brand-800"
        aria-haspopup="true"
      >
        {t('nav.products')}
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </Link>
      <div className="invisible absolute left-0 top-full z-40 w-[min(90vw,960px)] translate-y-1 rounded-lg border border-slate-200 bg-white p-6 opacity-0 shadow-xl transition group-focus-within:visible group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:visible group-hover:translate-y-0 group-hover:opacity-100">
        <ul className="grid grid-cols-3 gap-x-6 gap-y-5">
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={`/${locale}/category/${c.id}-${c.slug}`} className="font-semibold text-brand-900 hover:text-brand-600">
                {c.name}
              </Link>
              {c.active_children.length > 0 && (
                <ul className="mt-1 space-y-0.5 text-sm">
                  {c.active_children.map((s) => (
                    <li key={s.id}>
                      <Link to={`/${locale}/category/${s.id}-${s.slug}`} className="text-slate-600 hover:text-brand-700">
                        {s.name}
                      </Link>
                      {s.active_children.length > 0 && (
                        <ul className="ml-3 border-l border-slate-200 pl-2 text-xs">
                          {s.active_children.map((g) => (
                            <li key={g.id}>
                              <Link to={`/${locale}/category/${g.id}-${g.slug}`} className="text-slate-500 hover:text-brand-700">
                                {g.name}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <Link to={`/${locale}/category`} className="mt-5 inline-block text-sm font-medium text-brand-700 underline">
          {t('nav.allProducts')}
        </Link>
      </div>
    </div>
  );
}

function SearchBox({ locale, id }: { locale: Locale; id: string }) {
  const t = useT();
  const location = useLocation();
  const current = new URLSearchParams(location.search).get('search') ?? '';
  return (
    <Form method="get" action={`/${locale}/category`} role="search" className="flex w-full max-w-md">
      <label htmlFor={id} className="sr-only">
        {t('nav.search')}
      </label>
      <input
        id={id}
        name="search"
        type="search"
        defaultValue={current}
        key={current}
        maxLength={100}
        placeholder={t('nav.search')}
        className="w-full rounded-l-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <button type="submit" className="rounded-r-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800">
        {t('nav.searchButton')}
      </button>
    </Form>
  );
}

function navItems(locale: Locale, t: ReturnType<typeof useT>) {
  return [
    { to: `/${locale}/posts`, label: t('nav.news') },
    { to: `/${locale}/guarantee`, label: t('nav.guarantee') },
    { to: `/${locale}/knowledge-base`, label: t('nav.knowledgeBase') },
    { to: `/${locale}/about`, label: t('nav.about') },
    { to: `/${locale}/tester-rentals`, label: t('nav.testerRentals') },
    { to: `/${locale}/courses`, label: t('nav.trainings') },
  ];
}

function AccountBlock({ data }: { data: LayoutData }) {
  const t = useT();
  const { locale, user } = data;
  if (!user) {
    return (
      <Link to={`/${locale}/login`} className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50">
        {t('nav.login')}
      </Link>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <Link to={`/${locale}/my-account/data`}>{t('nav.myAccount')}</Link>
      <Link to={`/${locale}/shop`}>{t('nav.shop')}</Link>
      {user.canAdmin && <Link to={`/${locale}/admin`}>{t('nav.admin')}</Link>}
      <form method="post" action="/logout">
        <button type="submit">{t('nav.logout')}</button>
      </form>
    </div>
  );
}

export function SiteLayout({ data, children }: { data: LayoutData; children: ReactNode }) {
  const t = useT();
  const { locale } = data;
  const location = useLocation();
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const mobileRef = useRef<HTMLDivElement>(null);

  // The mobile menu closes on navigation and on a click outside it.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!menuOpen) return;
    const onDown = (e: MouseEvent) => {
      if (mobileRef.current && !mobileRef.current.contains(e.target as Node)) setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  const other: Locale = locale === 'pl' ? 'en' : 'pl';
  const items = navItems(locale, t);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t('nav.skip')}
      </a>
      <header id="nav" className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
          <Logo locale={locale} />
          <div className="hidden flex-1 justify-center md:flex">
            <SearchBox locale={locale} id="search-desktop" />
          </div>
          <div className="ml-auto flex items-center gap-3">
            <nav aria-label={t('nav.language')} className="flex rounded-md border border-slate-300 text-sm font-medium">
              {(['pl', 'en'] as const).map((l) => (
                <Link
                  key={l}
                  to={switchLocaleHref(location.pathname, location.search, l)}
                  reloadDocument={false}
                  hrefLang={l}
                  lang={l}
                  aria-current={l === locale ? 'true' : undefined}
                  className={`px-2 py-1 uppercase ${l === locale ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  {l}
                </Link>
              ))}
            </nav>
            <div className="hidden lg:block">
              <AccountBlock data={data} />
            </div>
            <button
              type="button"
              className="rounded-md border border-slate-300 p-2 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((o) => !o)}
            >
              <span className="sr-only">{menuOpen ? t('nav.closeMenu') : t('nav.menu')}</span>
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
          </div>
        </div>
        <nav aria-label={t('nav.menu')} className="hidden border-t border-slate-100 lg:block">
          <div className="mx-auto flex max-w-7xl items-center gap-1 px-4 text-sm">
            <MegaMenu locale={locale} categories={data.categories} />
            {items.map((i) => (
              <NavLink
                key={i.to}
                to={i.to}
                className={({ isActive }) =>
                  `rounded px-3 py-2 font-medium hover:bg-brand-50 hover:text-brand-800 ${isActive ? 'text-brand-700' : ''}`
                }
              >
                {i.label}
              </NavLink>
            ))}
            <NavLink to={`/${locale}/contact`} className="ml-auto rounded px-3 py-2 font-medium hover:bg-brand-50">
              {t('nav.contact')}
            </NavLink>
          </div>
        </nav>
        {menuOpen && (
          <div id="mobile-menu" ref={mobileRef} className="max-h-[80vh] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-6 pt-3 lg:hidden">
            <SearchBox locale={locale} id="search-mobile" />
            <ul className="mt-4 space-y-1">
              <li>
                <Link to={`/${locale}/categories`} className="block rounded px-2 py-2 font-medium hover:bg-slate-50">
                  {t('nav.products')}
                </Link>
              </li>
              {items.map((i) => (
                <li key={i.to}>
                  <Link to={i.to} className="block rounded px-2 py-2 font-medium hover:bg-slate-50">
                    {i.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to={`/${locale}/contact`} className="block rounded px-2 py-2 font-medium hover:bg-slate-50">
                  {t('nav.contact')}
                </Link>
              </li>
            </ul>
            <div className="mt-4 border-t border-slate-100 pt-4">
              <AccountBlock data={data} />
            </div>
          </div>
        )}
        {navigation.state === 'loading' && <div className="absolute inset-x-0 bottom-0 h-0.5 animate-pulse bg-brand-500" aria-hidden="true" />}
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter data={data} otherLocale={other} />
    </div>
  );
}

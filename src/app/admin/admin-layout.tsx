import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { LogoutForm } from '~/app/layout/account-block';
import { LanguageSwitch } from '~/app/layout/site-layout';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { ADMIN_AREA_PATHS, openAdminAreas } from '~/core/permissions/permissions';
import { accountMessages } from '~/features/accounts/messages';
import { ADMIN_AREA_GROUPS, BUILT_ADMIN_AREAS } from './areas';
import { adminShellMessages } from './messages';
import type { Route } from './+types/admin-layout';

/** Every /{locale}/admin page: admin access is checked here, each area checks its own permission. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args);
  const open = new Set(openAdminAreas(user.can));
  return {
    areas: BUILT_ADMIN_AREAS.filter((a) => open.has(a)),
    userName: `${user.firstName} ${user.surname}`.trim() || user.email,
    userEmail: user.email,
    /** The session's anti-forgery token, for the logout form before hydration. */
    token: args.context.xsrfToken,
  };
}

const FOCUSABLE = 'a[href], button:not([disabled])';
/** localStorage: the sidebar groups this browser's user closed. */
const COLLAPSED_KEY = 'admin-nav-collapsed';

/**
 * The admin shell (issue 17): its own top bar (the user, PL/EN keeping the path, "view site",
 * logout) and a sidebar of the areas the user may open; below 1024 px the sidebar is a drawer
 * opened by the menu button (Escape or a click outside closes it, focus stays inside while open).
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const a = useT(accountMessages);
  const t = useT(adminShellMessages);
  const core = useT();
  const locale = useLocale();
  const location = useLocation();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The sidebar's groups with the areas this user may open; which are closed is remembered in this
  // browser (all open until the user closes one; the current area's group always shows).
  const mine = new Set(loaderData.areas);
  const groups = ADMIN_AREA_GROUPS.map((g) => ({ id: g.id, areas: g.areas.filter((area) => mine.has(area)) })).filter((g) => g.areas.length > 0);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  useEffect(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]');
      if (Array.isArray(stored)) setCollapsed(new Set(stored.filter((v): v is string => typeof v === 'string')));
    } catch {}
  }, []);
  const toggleGroup = (id: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      try {
        localStorage.setItem(COLLAPSED_KEY, JSON.stringify([...next]));
      } catch {}
      return next;
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // While the drawer is open, Tab cycles inside it.
  const trapTab = (e: KeyboardEvent<HTMLElement>) => {
    if (!open || e.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const link = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-brand-700 font-medium text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-brand-900'}`;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {core('nav.skip')}
      </a>
      <header className="sticky top-0 z-30 border-b border-brand-900 bg-brand-900 text-white">
        <div className="flex items-center gap-2 px-3 py-2.5 sm:gap-3 sm:px-4">
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex items-center gap-2 rounded-md border border-white/30 px-2.5 py-2 text-sm font-medium hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white lg:hidden"
            aria-expanded={open}
            aria-controls="admin-nav"
            onClick={() => setOpen((o) => !o)}
          >
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="sr-only">{t('menu')}</span>
          </button>
          <Link to={`/${locale}/admin`} className="flex min-w-0 items-center gap-2 font-bold tracking-tight">
            <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
              <rect width="32" height="32" rx="6" fill="#fff" />
              <path d="M8 10h16v3H8zm0 5h16v3H8zm0 5h10v3H8z" fill="#1549c6" />
            </svg>
            <span className="truncate text-lg leading-none">
              COBI NET<span className="hidden font-medium text-brand-100 sm:inline"> · {t('brand')}</span>
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <p className="hidden text-right text-sm leading-tight md:block">
              <span className="sr-only">{t('loggedAs')}: </span>
              <span className="block font-medium">{loaderData.userName}</span>
              <span className="block text-xs text-brand-100">{loaderData.userEmail}</span>
            </p>
            <div className="rounded-md bg-white">
              <LanguageSwitch locale={locale} />
            </div>
            <Link
              to={`/${locale}`}
              className="inline-flex items-center gap-1.5 rounded-md border border-white/30 px-2.5 py-2 text-sm font-medium hover:bg-white/10"
            >
              <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
                <path d="M11 3h6v6M17 3l-8 8M8 5H4v11h11v-4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span className="sr-only sm:not-sr-only">{t('viewSite')}</span>
            </Link>
            <LogoutForm
              token={loaderData.token}
              label={core('nav.logout')}
              className="hidden rounded-md bg-white px-2.5 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50 sm:inline-flex"
            />
          </div>
        </div>
        {navigation.state === 'loading' && <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-0.5 animate-pulse bg-brand-300" />}
      </header>
      <div className="flex flex-1">
        {open && <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" onClick={() => setOpen(false)} />}
        <div className="lg:w-60 lg:shrink-0 lg:border-r lg:border-slate-200 lg:bg-white">
          <nav
            id="admin-nav"
            ref={panelRef}
            aria-label={a('admin.title')}
            onKeyDown={trapTab}
            className={`${open ? 'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col shadow-xl' : 'hidden'} overflow-y-auto bg-white lg:sticky lg:top-[3.75rem] lg:z-auto lg:flex lg:max-h-[calc(100vh-3.75rem)] lg:flex-col lg:shadow-none`}
          >
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 lg:hidden">
              <p className="min-w-0 text-sm leading-tight">
                <span className="sr-only">{t('loggedAs')}: </span>
                <span className="block truncate font-medium text-slate-900">{loaderData.userName}</span>
                <span className="block truncate text-xs text-slate-600">{loaderData.userEmail}</span>
              </p>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  toggleRef.current?.focus();
                }}
                className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
              >
                <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
                <span className="sr-only">{t('closeMenu')}</span>
              </button>
            </div>
            <div className="flex-1 p-3">
              <NavLink end to={`/${locale}/admin`} className={link}>
                {t('dashboard')}
              </NavLink>
              <h2 className="mt-4 px-3 text-xs font-semibold uppercase tracking-wide text-slate-600">{t('areas.title')}</h2>
              {groups.map((g) => {
                const activeHere = g.areas.some((area) => location.pathname.startsWith(`/${locale}/admin/${ADMIN_AREA_PATHS[area]}`));
                const expanded = activeHere || !collapsed.has(g.id);
                return (
                  <div key={g.id} className="mt-2" data-nav-group={g.id}>
                    <h3>
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-controls={`admin-nav-group-${g.id}`}
                        onClick={() => toggleGroup(g.id)}
                        className="flex w-full items-center justify-between rounded-md px-3 py-1.5 text-left text-sm font-semibold text-slate-800 hover:bg-slate-100"
                      >
                        {t(`group.${g.id}`)}
                        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" className={`transition-transform ${expanded ? 'rotate-180' : ''}`}>
                          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" />
                        </svg>
                      </button>
                    </h3>
                    <ul id={`admin-nav-group-${g.id}`} hidden={!expanded} className="mt-0.5 space-y-0.5 pl-2">
                      {g.areas.map((area) => (
                        <li key={area}>
                          <NavLink to={`/${locale}/admin/${ADMIN_AREA_PATHS[area]}`} className={link}>
                            {a(`admin.area.${area}`)}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </div>
            <div className="border-t border-slate-200 p-3 sm:hidden">
              <LogoutForm
                token={loaderData.token}
                label={core('nav.logout')}
                className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50"
              />
            </div>
          </nav>
        </div>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6">
          <div className="mx-auto max-w-[90rem]">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useRouteLoaderData } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { LOCALE_ROUTE_ID } from '~/core/seo/meta';
import { useScrollFade } from '~/core/ui/scroll-fade';
import { activeMyAccountSection, MY_ACCOUNT_SECTIONS } from './my-account-nav';
import type { LayoutData } from './site-layout';

/**
 * Every /{locale}/my-account/* page: a bar with the account's sections above the page. The pages
 * guard themselves (a guest goes to login); this only draws the navigation for the logged user.
 */
export default function MyAccountLayout() {
  const locale = useLocale();
  const t = useT();
  const layout = useRouteLoaderData(LOCALE_ROUTE_ID) as LayoutData | undefined;
  const { pathname } = useLocation();
  const user = layout?.user;
  const active = activeMyAccountSection(pathname);
  const sections = MY_ACCOUNT_SECTIONS.filter((s) => !s.b2b || user?.hasShop);
  const bar = useRef<HTMLDivElement>(null);
  useScrollFade(bar);
  // On a narrow screen the bar scrolls sideways: bring the current section into view.
  const activePath = active?.path;
  useEffect(() => {
    if (!activePath || !bar.current) return;
    const current = bar.current.querySelector<HTMLElement>(`a[href$="/my-account/${activePath}"]`);
    if (current) bar.current.scrollLeft = Math.max(0, current.offsetLeft - 16);
  }, [activePath]);
  return (
    <>
      {user && (
        <nav aria-label={t('nav.myAccount')} className="border-b border-slate-200 bg-slate-50" data-testid="my-account-nav">
          <div ref={bar} className="scroll-fade relative mx-auto flex max-w-7xl items-center gap-1 overflow-x-auto px-4">
            <span className="mr-2 hidden shrink-0 py-3 text-sm font-semibold text-slate-500 sm:inline">{t('nav.myAccount')}</span>
            <ul className="flex gap-1">
              {sections.map((s) => {
                const current = s === active;
                return (
                  <li key={s.path} className="shrink-0">
                    <Link
                      to={`/${locale}/my-account/${s.path}`}
                      aria-current={current ? 'page' : undefined}
                      className={`inline-block border-b-2 px-3 py-3 text-sm font-medium whitespace-nowrap ${
                        current ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                      }`}
                    >
                      {s.label[locale]}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        </nav>
      )}
      <Outlet />
    </>
  );
}

import { type ComponentProps, useEffect, useRef } from 'react';
import { Link, type To, useLocation, useNavigate, useNavigationType } from 'react-router';
import type { Locale } from '~/core/i18n/locale';
import { useLocale } from '~/core/i18n/use-locale';
import { scrollToElement } from '~/core/ui/scroll';

/** SPEC section 2: links to a home section scroll smoothly to it 200 ms after navigating. */
export const SECTION_SCROLL_DELAY_MS = 200;
/** Sections that exist on other pages too: their links stay on the current page. */
export const LOCAL_SECTIONS: ReadonlySet<string> = new Set(['nav', 'catalog-form']);

export function isHomePath(pathname: string): boolean {
  return /^\/(pl|en)\/?$/.test(pathname);
}

/** Where a link to section `id` goes: the current page for local sections and on home, else home. */
export function sectionTarget(id: string, locale: Locale, location: { pathname: string; search: string }): To {
  if (LOCAL_SECTIONS.has(id) || isHomePath(location.pathname)) {
    return { pathname: location.pathname, search: location.search, hash: `#${id}` };
  }
  return { pathname: `/${locale}`, hash: `#${id}` };
}

/** The home URL that replaces `?redirectFrom=X`: home with X as the hash (null when not needed). */
export function redirectFromTarget(pathname: string, search: string): string | null {
  if (!isHomePath(pathname)) return null;
  const from = new URLSearchParams(search).get('redirectFrom');
  if (from === null) return null;
  const locale = pathname.split('/')[1];
  const hash = from.replace(/^#/, '').trim();
  return `/${locale}${hash ? `#${encodeURIComponent(hash)}` : ''}`;
}

/**
 * The layout's scroll rules: `?redirectFrom=X` on home becomes `#X`, and a hash scrolls smoothly to
 * its section after 200 ms, below the sticky navigation. Scrolling to the top on every other
 * navigation (and restoring on back/forward) is React Router's <ScrollRestoration> in the root.
 */
export function useSectionScroll() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const firstKey = useRef(location.key);

  useEffect(() => {
    const target = redirectFromTarget(location.pathname, location.search);
    if (target) void navigate(target, { replace: true });
  }, [location.pathname, location.search, navigate]);

  useEffect(() => {
    const initial = location.key === firstKey.current;
    // Back/forward restores the earlier position instead (the first page load is a POP too).
    if (!location.hash || (navigationType === 'POP' && !initial)) return;
    let id: string;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch {
      return;
    }
    const timer = window.setTimeout(() => {
      const el = document.getElementById(id);
      if (el) scrollToElement(el);
    }, SECTION_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key, location.hash, navigationType]);
}

/** A link to a section (of home, or of the current page for `nav` and `catalog-form`). */
export function SectionLink({ section, ...props }: { section: string } & Omit<ComponentProps<typeof Link>, 'to'>) {
  const location = useLocation();
  const locale = useLocale();
  return <Link {...props} to={sectionTarget(section, locale, location)} preventScrollReset />;
}

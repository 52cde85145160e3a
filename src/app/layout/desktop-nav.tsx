import { type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { Locale } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import type { MainCategory } from '~/features/catalog/categories.server';
import { categoryHref, type MenuSection } from './menu-items';

const CLOSE_DELAY_MS = 150;

export function Chevron({ className = '' }: { className?: string }) {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" className={className}>
      <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const topLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2.5 font-medium transition-colors hover:bg-brand-50 hover:text-brand-800 ${isActive ? 'text-brand-700' : 'text-slate-700'}`;

interface DropdownProps {
  id: string;
  label: string;
  to: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Mega panel: spans the width of the bar instead of hanging under its trigger. */
  wide?: boolean;
  alignRight?: boolean;
  children: ReactNode;
}

/**
 * A disclosure-navigation dropdown (WAI-ARIA APG "disclosure navigation menu"): a link to the
 * section's page plus a toggle button. It opens on mouse hover and on keyboard focus, Escape closes it
 * and returns focus to its link, and Tab simply moves on (focus is never trapped).
 */
function Dropdown({ id, label, to, open, onOpenChange, wide, alignRight, children }: DropdownProps) {
  const t = useT();
  const itemRef = useRef<HTMLLIElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const panelId = `nav-panel-${id}`;
  // The panels' links (75 of them in the mega-menu) are rendered on first opening, not on the server:
  // they would double the HTML of every page and its render time. The same links are on /categories.
  const [rendered, setRendered] = useState(open);
  if (open && !rendered) setRendered(true);

  // The mouse that opened the panel on its way to the toggle would close it again with the click
  // (issue 41 point 20): the first click after a hover-opening keeps the panel open.
  const openedByHover = useRef(false);
  if (!open) openedByHover.current = false;

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears the pending close timer on unmount only
  useEffect(() => cancelClose, []);

  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    cancelClose();
    if (!open) openedByHover.current = true;
    onOpenChange(true);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    cancelClose();
    closeTimer.current = window.setTimeout(() => {
      if (!itemRef.current?.contains(document.activeElement) || !document.activeElement?.matches(':focus-visible')) onOpenChange(false);
    }, CLOSE_DELAY_MS);
  };
  const onFocus = (e: FocusEvent) => {
    // Keyboard focus on the link opens the menu; the toggle button opens it by click/Enter only, so
    // after Escape, Tab can move on without the panel coming back.
    if (e.target === linkRef.current && linkRef.current.matches(':focus-visible')) {
      cancelClose();
      onOpenChange(true);
    }
  };
  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (!next || !itemRef.current?.contains(next)) {
      if (!itemRef.current?.matches(':hover')) onOpenChange(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      onOpenChange(false);
      linkRef.current?.focus({ preventScroll: true });
    }
  };

  return (
    <li
      ref={itemRef}
      className={wide ? 'static' : 'relative'}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      data-open={open ? '' : undefined}
    >
      <div className="flex items-center">
        <NavLink ref={linkRef} to={to} className={(s) => `${topLinkClass(s)} pr-1`}>
          {label}
        </NavLink>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={t('nav.submenu', { name: label })}
          onClick={() => {
            if (openedByHover.current) {
              openedByHover.current = false;
              onOpenChange(true);
            } else onOpenChange(!open);
          }}
          className="rounded-md py-2.5 pl-0.5 pr-2 text-slate-500 hover:bg-brand-50 hover:text-brand-800"
        >
          <Chevron className={`transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </div>
      <div
        id={panelId}
        hidden={!open}
        className={`absolute top-full z-40 rounded-b-lg border border-slate-200 bg-white shadow-xl ${
          wide ? 'inset-x-4' : alignRight ? 'right-0 min-w-60' : 'left-0 min-w-60'
        }`}
      >
        {rendered ? children : null}
      </div>
    </li>
  );
}

function LinkList({ items }: { items: { to: string; label: string }[] }) {
  return (
    <ul className="py-2">
      {items.map((i) => (
        <li key={i.to}>
          <Link to={i.to} className="block px-4 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-800">
            {i.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The product mega-menu: main categories with their subcategories, three levels deep. */
export function MegaPanel({ locale, categories }: { locale: Locale; categories: MainCategory[] }) {
  const t = useT();
  return (
    <div className="max-h-[calc(100vh-9rem)] overflow-y-auto p-6">
      <ul className="grid grid-cols-3 gap-x-8 gap-y-6 xl:grid-cols-4">
        {categories.map((c) => (
          <li key={c.id} data-level="1">
            <Link to={categoryHref(locale, c)} className="font-semibold text-brand-900 hover:text-brand-600 hover:underline">
              {c.name}
            </Link>
            {c.active_children.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm">
                {c.active_children.map((s) => (
                  <li key={s.id} data-level="2">
                    <Link to={categoryHref(locale, s)} className="text-slate-700 hover:text-brand-700 hover:underline">
                      {s.name}
                    </Link>
                    {s.active_children.length > 0 && (
                      <ul className="mb-1 ml-1 mt-1 space-y-0.5 border-l border-slate-200 pl-3 text-[13px]">
                        {s.active_children.map((g) => (
                          <li key={g.id} data-level="3">
                            <Link to={categoryHref(locale, g)} className="text-slate-600 hover:text-brand-700 hover:underline">
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
      <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-100 pt-4 text-sm font-medium">
        <Link to={`/${locale}/categories`} className="text-brand-700 hover:underline">
          {t('nav.categoriesAll')}
        </Link>
        <Link to={`/${locale}/category`} className="text-brand-700 hover:underline">
          {t('nav.allProducts')}
        </Link>
      </div>
    </div>
  );
}

/** The desktop menu bar (lg and up): product mega-menu and the section dropdowns. */
export function DesktopNav({ locale, categories, sections }: { locale: Locale; categories: MainCategory[]; sections: MenuSection[] }) {
  const t = useT();
  const location = useLocation();
  const [openId, setOpenId] = useState<string | null>(null);

  // A navigation closes any open panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every navigation
  useEffect(() => setOpenId(null), [location.key]);

  // Escape closes an open panel even when focus is not inside it (e.g. opened by hover).
  useEffect(() => {
    if (!openId) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setOpenId(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openId]);

  const handler = (id: string) => (open: boolean) => setOpenId((cur) => (open ? id : cur === id ? null : cur));

  return (
    <nav aria-label={t('nav.mainMenu')} className="hidden border-t border-slate-100 lg:block">
      <ul className="relative mx-auto flex max-w-7xl items-center gap-0.5 px-4 text-sm">
        <Dropdown id="products" label={t('nav.products')} to={`/${locale}/categories`} open={openId === 'products'} onOpenChange={handler('products')} wide>
          <MegaPanel locale={locale} categories={categories} />
        </Dropdown>
        {sections.map((s, i) =>
          s.items.length === 0 ? (
            <li key={s.id}>
              <NavLink to={s.to} className={topLinkClass}>
                {s.label}
              </NavLink>
            </li>
          ) : (
            <Dropdown key={s.id} id={s.id} label={s.label} to={s.to} open={openId === s.id} onOpenChange={handler(s.id)} alignRight={i >= sections.length - 2}>
              <LinkList items={s.items} />
            </Dropdown>
          ),
        )}
      </ul>
    </nav>
  );
}

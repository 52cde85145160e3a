import type { MouseEvent, ReactNode, RefObject } from 'react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import { Link } from 'react-router';
import { useT } from '~/core/i18n/use-locale';
import type { MainCategory } from '~/features/catalog/categories.server';
import { AccountBlock } from './account-block';
import { Chevron } from './desktop-nav';
import { categoryHref, type MenuSection } from './menu-items';
import type { LayoutData } from './site-layout';

const rowClass = 'block rounded-md px-3 py-2.5 font-medium text-slate-800 hover:bg-slate-50';

function Section({ id, label, children, level = 1 }: { id: string; label: string; children: ReactNode; level?: 1 | 2 }) {
  return (
    <Disclosure id={id}>
      <Heading level={level === 1 ? 2 : 3} className="m-0">
        <Button
          slot="trigger"
          className={`flex w-full items-center justify-between rounded-md px-3 text-left outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 ${
            level === 1 ? 'py-2.5 font-medium text-slate-800' : 'py-2 text-[15px] text-slate-700'
          }`}
        >
          {label}
          <Chevron className="shrink-0 transition-transform in-aria-expanded:rotate-180" />
        </Button>
      </Heading>
      <DisclosurePanel className={level === 1 ? 'pb-2 pl-3' : 'pb-1 pl-3'}>{children}</DisclosurePanel>
    </Disclosure>
  );
}

function CategoryTree({ data }: { data: LayoutData }) {
  const t = useT();
  const { locale } = data;
  const sub = (c: MainCategory) => (
    <ul className="border-l border-slate-200 pl-2">
      <li>
        <Link to={categoryHref(locale, c)} className="block rounded px-3 py-2 text-[15px] font-medium text-brand-800 hover:bg-slate-50">
          {c.name}
        </Link>
      </li>
      {c.active_children.map((s) => (
        <li key={s.id}>
          <Link to={categoryHref(locale, s)} className="block rounded px-3 py-2 text-[15px] text-slate-700 hover:bg-slate-50">
            {s.name}
          </Link>
          {s.active_children.length > 0 && (
            <ul className="ml-3 border-l border-slate-100 pl-2">
              {s.active_children.map((g) => (
                <li key={g.id}>
                  <Link to={categoryHref(locale, g)} className="block rounded px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-50">
                    {g.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <DisclosureGroup>
      {data.categories.map((c) =>
        c.active_children.length === 0 ? (
          <Link key={c.id} to={categoryHref(locale, c)} className="block rounded-md px-3 py-2 text-[15px] text-slate-700 hover:bg-slate-50">
            {c.name}
          </Link>
        ) : (
          <Section key={c.id} id={`cat-${c.id}`} label={c.name} level={2}>
            {sub(c)}
          </Section>
        ),
      )}
      <Link to={`/${locale}/categories`} className="block rounded-md px-3 py-2 text-[15px] font-medium text-brand-700 hover:bg-slate-50">
        {t('nav.categoriesAll')}
      </Link>
    </DisclosureGroup>
  );
}

/**
 * The full menu below lg, as an accordion. The layout closes it on navigation, on a click outside
 * and on Escape; a click on any of its links closes it even when the link leads to the same page.
 */
export function MobileMenu({
  data,
  sections,
  panelRef,
  onClose,
}: {
  data: LayoutData;
  sections: MenuSection[];
  panelRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
}) {
  const t = useT();
  const onClick = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a')) onClose();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only observes clicks on the links inside (they close the menu)
    // biome-ignore lint/a11y/useKeyWithClickEvents: the links themselves take the keyboard
    <div
      id="mobile-menu"
      ref={panelRef}
      onClick={onClick}
      className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-7.5rem)] overflow-y-auto overscroll-contain border-t border-slate-200 bg-white px-4 pb-6 pt-4 shadow-xl lg:hidden"
    >
      <nav aria-label={t('nav.mainMenu')}>
        <DisclosureGroup>
          <Section id="products" label={t('nav.products')}>
            <CategoryTree data={data} />
          </Section>
          {sections.map((s) =>
            s.items.length === 0 ? (
              <Link key={s.id} to={s.to} className={rowClass}>
                {s.label}
              </Link>
            ) : (
              <Section key={s.id} id={s.id} label={s.label}>
                <ul className="border-l border-slate-200 pl-2">
                  {s.items.map((i) => (
                    <li key={i.to}>
                      <Link to={i.to} className="block rounded px-3 py-2 text-[15px] text-slate-700 hover:bg-slate-50">
                        {i.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </Section>
            ),
          )}
        </DisclosureGroup>
      </nav>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <AccountBlock data={data} variant="menu" />
      </div>
    </div>
  );
}

import type { Locale, translator } from '~/core/i18n/locale';
import type { coreMessages } from '~/core/i18n/messages';

type T = ReturnType<typeof translator<keyof typeof coreMessages.pl & string>>;

export interface MenuLink {
  to: string;
  label: string;
}

/** A top-level entry of the site menu: a link, with a dropdown when it has items. */
export interface MenuSection {
  id: string;
  label: string;
  to: string;
  items: MenuLink[];
}

/** SPEC section 2: the knowledge base sections, as `?section=` values. */
export const KNOWLEDGE_BASE_SECTIONS = ['Materiały', 'Dokumenty', 'Instrukcje'] as const;

export function knowledgeBaseHref(locale: Locale, section: (typeof KNOWLEDGE_BASE_SECTIONS)[number]): string {
  return `/${locale}/knowledge-base?${new URLSearchParams({ section })}`;
}

/**
 * The menus for news, warranty, knowledge base, about, tester rentals and trainings (SPEC section 2),
 * shared by the desktop bar, the mobile menu and the footer. The product mega-menu comes first and
 * is built from the category tree.
 */
export function menuSections(locale: Locale, t: T): MenuSection[] {
  const p = (path: string) => `/${locale}/${path}`;
  return [
    { id: 'news', label: t('nav.news'), to: p('posts'), items: [] },
    {
      id: 'guarantee',
      label: t('nav.guarantee'),
      to: p('guarantee'),
      items: [
        { to: p('guarantee'), label: t('nav.guarantee') },
        { to: p('application-form'), label: t('nav.applicationForm') },
        { to: p('complaint-form'), label: t('nav.complaintForm') },
      ],
    },
    {
      id: 'knowledge-base',
      label: t('nav.knowledgeBase'),
      to: p('knowledge-base'),
      items: [
        { to: knowledgeBaseHref(locale, 'Materiały'), label: t('kb.materials') },
        { to: knowledgeBaseHref(locale, 'Dokumenty'), label: t('kb.documents') },
        { to: knowledgeBaseHref(locale, 'Instrukcje'), label: t('kb.instructions') },
        { to: p('calculator'), label: t('nav.calculator') },
      ],
    },
    {
      id: 'about',
      label: t('nav.about'),
      to: p('about'),
      items: [
        { to: p('about'), label: t('nav.about') },
        { to: p('about-cobi'), label: t('nav.aboutCobi') },
        { to: p('realizations'), label: t('nav.realizations') },
        { to: p('videos'), label: t('nav.videos') },
        { to: p('videos-instructional'), label: t('nav.videosInstructional') },
        { to: p('contact'), label: t('nav.contact') },
      ],
    },
    {
      id: 'tester-rentals',
      label: t('nav.testerRentals'),
      to: p('tester-rentals'),
      items: [
        { to: p('tester-rentals'), label: t('nav.testerRentalsAbout') },
        { to: p('tester-rentals-price-list'), label: t('nav.testerRentalsPriceList') },
        { to: p('tester-rentals-rent'), label: t('nav.testerRentalsRent') },
      ],
    },
    {
      id: 'trainings',
      label: t('nav.trainings'),
      to: p('courses'),
      items: [
        { to: p('courses'), label: t('nav.courses') },
        { to: p('trainings'), label: t('nav.onlineTrainings') },
      ],
    },
  ];
}

/** A category's page: `category/{id}-{slug}`. */
export function categoryHref(locale: Locale, c: { id: number; slug: string }): string {
  return `/${locale}/category/${c.id}-${c.slug}`;
}

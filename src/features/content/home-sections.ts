// The sections of the home page that the administrator arranges (admin area home-sections): their
// keys in the built-in order, the built-in heading and lead of each in both languages, the texts of
// the admin screen and the shared Zod schema of a save. No server code here: the browser bundle
// imports it (the admin form checks with the same limits).
import { z } from 'zod';
import { defineMessages, type Locale, translator } from '~/core/i18n/locale';

/** Every section of the home page, in the built-in order. `hero` always shows first. */
export const HOME_SECTION_KEYS = ['hero', 'catalog', 'products', 'warranty', 'trainings', 'rental', 'news', 'realizations', 'shop', 'contact'] as const;
export type HomeSectionKey = (typeof HOME_SECTION_KEYS)[number];

export const HOME_TITLE_MAX = 120;
export const HOME_LEAD_MAX = 400;
export const HOME_POSITION_MAX = 999;

/** The built-in heading and lead of each section (used while the administrator leaves them empty). */
export const HOME_SECTION_DEFAULTS: Record<Locale, Record<HomeSectionKey, { title: string; lead: string }>> = {
  pl: {
    hero: {
      title: 'Systemy okablowania strukturalnego od producenta',
      lead: 'Miedź i światłowód, szafy, korytka i narzędzia – projektowane i produkowane w Polsce, z 25-letnią gwarancją systemową.',
    },
    catalog: { title: 'Katalog produktów', lead: 'Wybierz grupę produktów i znajdź elementy toru transmisyjnego do swojej instalacji.' },
    products: { title: 'Nowości i polecane produkty', lead: 'Najnowsze produkty w ofercie i te, które polecają nasi inżynierowie.' },
    warranty: {
      title: '25 lat gwarancji systemowej',
      lead: 'Sieć zbudowana z komponentów COBI NET przez certyfikowanego instalatora otrzymuje 25-letnią gwarancję producenta.',
    },
    trainings: { title: 'Szkolenia i certyfikacja', lead: 'Szkolenia online i stacjonarne dla instalatorów i projektantów, zakończone certyfikatem.' },
    rental: { title: 'Wypożyczalnia miernika', lead: 'Certyfikuj okablowanie miernikiem klasy laboratoryjnej bez kupowania urządzenia.' },
    news: { title: 'Aktualności', lead: 'Nowe produkty, szkolenia i wydarzenia z życia firmy.' },
    realizations: { title: 'Realizacje', lead: 'Obiekty, w których pracują nasze systemy okablowania.' },
    shop: {
      title: 'Sklep B2B dla instalatorów i dystrybutorów',
      lead: 'Indywidualne ceny, szybkie zamówienia po numerach katalogowych, historia zamówień i faktury w jednym miejscu.',
    },
    contact: { title: 'Kontakt', lead: 'Dział handlowy i techniczny odpowie na pytania o produkty, projekty i gwarancję.' },
  },
  en: {
    hero: {
      title: 'Structured cabling systems from the manufacturer',
      lead: 'Copper and fibre, cabinets, trays and tools – designed and made in Poland, with a 25-year system warranty.',
    },
    catalog: { title: 'Product catalogue', lead: 'Choose a product group and find the parts of the channel for your installation.' },
    products: { title: 'New and featured products', lead: 'The newest products in our range and the ones our engineers recommend.' },
    warranty: {
      title: '25-year system warranty',
      lead: 'A network built from COBI NET components by a certified installer receives a 25-year manufacturer warranty.',
    },
    trainings: { title: 'Training and certification', lead: 'Online and classroom courses for installers and designers, ending with a certificate.' },
    rental: { title: 'Meter rental', lead: 'Certify cabling with a laboratory-grade meter without buying one.' },
    news: { title: 'News', lead: 'New products, courses and company events.' },
    realizations: { title: 'Realizations', lead: 'Buildings where our cabling systems work.' },
    shop: {
      title: 'B2B shop for installers and distributors',
      lead: 'Your own prices, quick orders by catalogue number, order history and invoices in one place.',
    },
    contact: { title: 'Contact', lead: 'Our sales and technical teams answer questions about products, projects and the warranty.' },
  },
};

/** Texts of the admin screen of the home sections (pl and en). */
export const homeSectionsMessages = defineMessages({
  pl: {
    title: 'Sekcje strony głównej',
    lead: 'Włącz lub ukryj sekcje, ustaw ich kolejność oraz nagłówki i wstępy w obu językach. Puste pole oznacza tekst domyślny (widoczny jako podpowiedź).',
    'section.hero': 'Baner z wyszukiwarką',
    'section.catalog': 'Kategorie produktów',
    'section.products': 'Nowości i polecane produkty',
    'section.warranty': 'Gwarancja 25 lat',
    'section.trainings': 'Szkolenia i certyfikacja',
    'section.rental': 'Wypożyczalnia miernika',
    'section.news': 'Aktualności',
    'section.realizations': 'Realizacje',
    'section.shop': 'Sklep B2B',
    'section.contact': 'Kontakt',
    'field.visible': 'Widoczna na stronie głównej',
    'field.heroAlways': 'Baner jest zawsze widoczny i zawsze pierwszy.',
    'field.position': 'Kolejność',
    'field.titlePl': 'Nagłówek (polski)',
    'field.titleEn': 'Nagłówek (angielski)',
    'field.leadPl': 'Wstęp (polski)',
    'field.leadEn': 'Wstęp (angielski)',
    save: 'Zapisz sekcje',
    saved: 'Zapisano sekcje strony głównej.',
    hidden: 'ukryta',
    'v.max': 'Maksymalnie {max} znaków.',
    'v.position': 'Podaj liczbę od 0 do {max}.',
    'v.key': 'Nieznana sekcja.',
    'v.duplicate': 'Sekcja występuje więcej niż raz.',
    'v.sections': 'Podaj sekcje strony głównej.',
  },
  en: {
    title: 'Home page sections',
    lead: 'Show or hide the sections, set their order and their headings and leads in both languages. An empty field means the default text (shown as a hint).',
    'section.hero': 'Banner with search',
    'section.catalog': 'Product categories',
    'section.products': 'New and featured products',
    'section.warranty': '25-year warranty',
    'section.trainings': 'Training and certification',
    'section.rental': 'Meter rental',
    'section.news': 'News',
    'section.realizations': 'Realizations',
    'section.shop': 'B2B shop',
    'section.contact': 'Contact',
    'field.visible': 'Shown on the home page',
    'field.heroAlways': 'The banner always shows, and always first.',
    'field.position': 'Order',
    'field.titlePl': 'Heading (Polish)',
    'field.titleEn': 'Heading (English)',
    'field.leadPl': 'Lead (Polish)',
    'field.leadEn': 'Lead (English)',
    save: 'Save sections',
    saved: 'Home page sections saved.',
    hidden: 'hidden',
    'v.max': 'At most {max} characters.',
    'v.position': 'Enter a number from 0 to {max}.',
    'v.key': 'Unknown section.',
    'v.duplicate': 'The section is given more than once.',
    'v.sections': 'Give the home page sections.',
  },
});

/** Form values as strings: null/undefined become '', strings are trimmed. */
const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
/** Checkbox values: 1/0 (multipart), on (HTML), true/false (JSON); absent is false. */
const asBool = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'true', 'yes'].includes(v.toLowerCase()));
/** Bracket-key bodies arrive as objects keyed '0', '1', …; JSON as arrays. */
const asList = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v as Record<string, unknown>) : v);

/** The body of PUT /api/admin/home-sections: every section given at most once, and the version it was loaded at. */
export function homeSectionsSchema(locale: Locale) {
  const t = translator(homeSectionsMessages, locale);
  const text = (max: number) => z.preprocess(asText, z.string({ error: t('v.max', { max }) }).max(max, t('v.max', { max })));
  const section = z.object({
    key: z.enum(HOME_SECTION_KEYS, { error: t('v.key') }),
    is_visible: z.preprocess(asBool, z.boolean()),
    position: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
      z.number({ error: t('v.position', { max: HOME_POSITION_MAX }) }).int(t('v.position', { max: HOME_POSITION_MAX })).min(0, t('v.position', { max: HOME_POSITION_MAX })).max(HOME_POSITION_MAX, t('v.position', { max: HOME_POSITION_MAX })),
    ),
    title_pl: text(HOME_TITLE_MAX),
    title_en: text(HOME_TITLE_MAX),
    lead_pl: text(HOME_LEAD_MAX),
    lead_en: text(HOME_LEAD_MAX),
  });
  return z.object({
    /** The version the form was loaded with (adminHomeSectionsWithVersion): a stale save is refused with 409. */
    updated_at: z.preprocess(asText, z.string().max(64)),
    sections: z.preprocess(
      asList,
      z
        .array(section, { error: t('v.sections') })
        .min(1, t('v.sections'))
        .max(HOME_SECTION_KEYS.length * 2, t('v.sections'))
        .superRefine((list, ctx) => {
          const seen = new Set<string>();
          for (const [i, s] of list.entries()) {
            if (seen.has(s.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: t('v.duplicate') });
            seen.add(s.key);
          }
        }),
    ),
  });
}
export type HomeSectionsInput = z.infer<ReturnType<typeof homeSectionsSchema>>;

// The sections of the home page that the administrator arranges (admin area home-sections): their
// keys in the built-in order, the built-in heading and lead of each in both languages, the texts of
// the admin screen and the shared Zod schema of a save. No server code here: the browser bundle
// imports it (the admin form checks with the same limits).
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { type Locale, translator } from '~/core/i18n/locale';
import { homeSectionsMessages } from './admin/messages';
import { contactTexts, guaranteeTexts } from './page-texts';

/** Every section of the home page, in the built-in order. `hero` always shows first. */
export const HOME_SECTION_KEYS = ['hero', 'catalog', 'products', 'warranty', 'trainings', 'rental', 'news', 'realizations', 'shop', 'contact'] as const;
export type HomeSectionKey = (typeof HOME_SECTION_KEYS)[number];

export const HOME_TITLE_MAX = 120;
export const HOME_LEAD_MAX = 400;
export const HOME_POSITION_MAX = 999;
/** The points of a section: at most this many lines of at most HOME_POINT_MAX characters each. */
export const HOME_POINTS_MAX_LINES = 8;
export const HOME_POINT_MAX = 300;

/** A point of a section: a title and, where the section shows two parts, its text. */
export interface HomePoint {
  title: string;
  text: string;
}

/**
 * The sections with a list of points the administrator can rewrite, and whether a point has two
 * parts ("title | text"). The warranty steps are also the steps of the warranty page, the contact
 * hours ("days | time") also those of the contact page: one place to change them.
 */
export const HOME_SECTION_POINTS: Partial<Record<HomeSectionKey, { pairs: boolean }>> = {
  hero: { pairs: false },
  warranty: { pairs: true },
  rental: { pairs: false },
  shop: { pairs: false },
  contact: { pairs: true },
};

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

const single = (...titles: string[]): HomePoint[] => titles.map((title) => ({ title, text: '' }));

/** The built-in points of the sections in HOME_SECTION_POINTS (used while the administrator leaves them empty). */
export const HOME_POINT_DEFAULTS: Record<Locale, Partial<Record<HomeSectionKey, HomePoint[]>>> = {
  pl: {
    hero: single('25 lat gwarancji systemowej', 'Certyfikowani instalatorzy', 'Dokumentacja, CAD i Revit'),
    warranty: guaranteeTexts.pl.steps,
    rental: single(
      'Rezerwacja online w kalendarzu dostępności',
      'Odbiór osobisty w Lesznie albo dostawa kurierem',
      'Aktualna kalibracja, komplet akcesoriów i umowa najmu',
    ),
    shop: single(
      'Ceny indywidualne według umowy handlowej',
      'Szybkie zamówienie po numerach katalogowych lub z pliku',
      'Historia zamówień, faktury i ponowne zamówienia',
    ),
    contact: contactTexts.pl.hours.map((h) => ({ title: h.days, text: h.time })),
  },
  en: {
    hero: single('25-year system warranty', 'Certified installers', 'Documents, CAD and Revit'),
    warranty: guaranteeTexts.en.steps,
    rental: single(
      'Online booking with an availability calendar',
      'Pick-up in Leszno or courier delivery',
      'Current calibration, all accessories and a rental contract',
    ),
    shop: single('Your own prices under your trade agreement', 'Quick orders by catalogue number or from a file', 'Order history, invoices and reorders'),
    contact: contactTexts.en.hours.map((h) => ({ title: h.days, text: h.time })),
  },
};

/** Points as the admin form writes them: one a line, the two parts split by the first "|". Empty lines are skipped. */
export function parsePoints(value: string): HomePoint[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bar = line.indexOf('|');
      return bar < 0 ? { title: line, text: '' } : { title: line.slice(0, bar).trim(), text: line.slice(bar + 1).trim() };
    });
}

/** Points as lines of the admin form (the inverse of parsePoints). */
export function pointsAsText(points: HomePoint[]): string {
  return points.map((p) => (p.text ? `${p.title} | ${p.text}` : p.title)).join('\n');
}

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
  const pointsMessage = t('v.points', { lines: HOME_POINTS_MAX_LINES, max: HOME_POINT_MAX });
  const points = z.preprocess(
    (v) => (v === undefined ? '' : asText(v)),
    z
      .string({ error: pointsMessage })
      .max(HOME_POINTS_MAX_LINES * (HOME_POINT_MAX + 2), pointsMessage)
      .refine((v) => {
        const lines = v
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean);
        return lines.length <= HOME_POINTS_MAX_LINES && lines.every((l) => l.length <= HOME_POINT_MAX);
      }, pointsMessage),
  );
  const section = z.object({
    key: z.enum(HOME_SECTION_KEYS, { error: t('v.key') }),
    is_visible: z.preprocess(asBool, z.boolean()),
    position: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
      z
        .number({ error: t('v.position', { max: HOME_POSITION_MAX }) })
        .int(t('v.position', { max: HOME_POSITION_MAX }))
        .min(0, t('v.position', { max: HOME_POSITION_MAX }))
        .max(HOME_POSITION_MAX, t('v.position', { max: HOME_POSITION_MAX })),
    ),
    title_pl: z.preprocess(asText, oneLine(z.string().max(HOME_TITLE_MAX, t('v.max', { max: HOME_TITLE_MAX })), locale)),
    title_en: z.preprocess(asText, oneLine(z.string().max(HOME_TITLE_MAX, t('v.max', { max: HOME_TITLE_MAX })), locale)),
    lead_pl: text(HOME_LEAD_MAX),
    lead_en: text(HOME_LEAD_MAX),
    points_pl: points,
    points_en: points,
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
            if (!HOME_SECTION_POINTS[s.key]) {
              for (const k of ['points_pl', 'points_en'] as const) if (s[k]) ctx.addIssue({ code: 'custom', path: [i, k], message: t('v.noPoints') });
            }
          }
        }),
    ),
  });
}
export type HomeSectionsInput = z.infer<ReturnType<typeof homeSectionsSchema>>;

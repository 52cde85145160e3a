// The home page's sections as the administrator arranged them: read by the home page (in the
// page's language, built-in texts where none were set) and by the admin screen (both languages),
// saved in one transaction with the change log, which clears the page cache.
import { eq, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { VersionConflictError } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import type { Locale } from '~/core/i18n/locale';
import { clearPageCache } from '~/core/server/page-cache.server';
import { homeSections } from './content.schema';
import {
  HOME_POINT_DEFAULTS,
  HOME_SECTION_DEFAULTS,
  HOME_SECTION_KEYS,
  HOME_SECTION_POINTS,
  type HomePoint,
  type HomeSectionKey,
  type HomeSectionsInput,
  parsePoints,
} from './home-sections';

/** The change-log entity of the home sections (one record: the whole arrangement). */
export const HOME_SECTIONS_ENTITY = 'home_sections';

/** A section as the home page shows it. */
export interface HomeSection {
  key: HomeSectionKey;
  visible: boolean;
  title: string;
  lead: string;
  /** Its points (sections in HOME_SECTION_POINTS; [] for the others). */
  points: HomePoint[];
}

/** A section as the admin screen edits it (empty texts: the built-in ones). */
export interface AdminHomeSection {
  key: HomeSectionKey;
  is_visible: boolean;
  position: number;
  title_pl: string;
  title_en: string;
  lead_pl: string;
  lead_en: string;
  /** One point a line (sections in HOME_SECTION_POINTS; '' for the others and for the built-in points). */
  points_pl: string;
  points_en: string;
}

type Row = typeof homeSections.$inferSelect;

/** Every section with its stored settings or the defaults (built-in order: position = index × 10). */
async function arrangement(db: Db): Promise<AdminHomeSection[]> {
  const rows = await db.select().from(homeSections);
  const byKey = new Map<string, Row>(rows.map((r) => [r.key, r]));
  const list = HOME_SECTION_KEYS.map((key, i): AdminHomeSection => {
    const r = byKey.get(key);
    return {
      key,
      is_visible: key === 'hero' ? true : (r?.isVisible ?? true),
      position: key === 'hero' ? 0 : (r?.position ?? (i + 1) * 10),
      title_pl: r?.titlePl ?? '',
      title_en: r?.titleEn ?? '',
      lead_pl: r?.leadPl ?? '',
      lead_en: r?.leadEn ?? '',
      points_pl: r?.pointsPl ?? '',
      points_en: r?.pointsEn ?? '',
    };
  });
  // The hero first; the rest by position, ties in the built-in order.
  const builtIn = (k: HomeSectionKey) => HOME_SECTION_KEYS.indexOf(k);
  return list.sort((a, b) => (a.key === 'hero' ? -1 : b.key === 'hero' ? 1 : a.position - b.position || builtIn(a.key) - builtIn(b.key)));
}

/**
 * The version of the stored arrangement that a save must send back: the time of the last save
 * (`updated_at` of the newest row, to the microsecond, UTC), '' while nothing was ever saved.
 */
async function versionOf(db: Db): Promise<string> {
  const [row] = await db
    .select({ v: sql<string | null>`to_char(max(${homeSections.updatedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
    .from(homeSections);
  return row?.v ?? '';
}

/** The admin screen: every section in display order, texts as stored (both languages). */
export function adminHomeSections(db: Db = getDb()): Promise<AdminHomeSection[]> {
  return arrangement(db);
}

/** The admin screen's data: the sections and the version its save sends back (`updated_at`). */
export async function adminHomeSectionsWithVersion(db: Db = getDb()): Promise<{ items: AdminHomeSection[]; updated_at: string }> {
  const [items, updatedAt] = await Promise.all([arrangement(db), versionOf(db)]);
  return { items, updated_at: updatedAt };
}

/** The home page: every section in display order with its texts in `locale` (hidden ones flagged). */
export async function homeSectionsFor(locale: Locale, db: Db = getDb()): Promise<HomeSection[]> {
  const defaults = HOME_SECTION_DEFAULTS[locale];
  return (await arrangement(db)).map((s) => ({
    key: s.key,
    visible: s.is_visible,
    title: (locale === 'en' ? s.title_en : s.title_pl) || defaults[s.key].title,
    lead: (locale === 'en' ? s.lead_en : s.lead_pl) || defaults[s.key].lead,
    points: pointsOf(s, locale),
  }));
}

function pointsOf(s: AdminHomeSection, locale: Locale): HomePoint[] {
  if (!HOME_SECTION_POINTS[s.key]) return [];
  const stored = parsePoints(locale === 'en' ? s.points_en : s.points_pl);
  return stored.length > 0 ? stored : (HOME_POINT_DEFAULTS[locale][s.key] ?? []);
}

/**
 * The points of one section in `locale` (stored or built-in), for the pages that show the same
 * list: the warranty page its steps, the contact page its hours.
 */
export async function homeSectionPoints(key: HomeSectionKey, locale: Locale, db: Db = getDb()): Promise<HomePoint[]> {
  const [row] = await db.select({ pl: homeSections.pointsPl, en: homeSections.pointsEn }).from(homeSections).where(eq(homeSections.key, key));
  const stored = parsePoints((locale === 'en' ? row?.en : row?.pl) ?? '');
  return stored.length > 0 ? stored : (HOME_POINT_DEFAULTS[locale][key] ?? []);
}

/**
 * Saves the sections given (the others keep their settings), records one change-log entry of the
 * whole arrangement and clears the page cache so the home page shows it at once. A save made from
 * an older arrangement than the stored one (`updated_at` is not the current version: another
 * administrator saved in between) is refused with 409 and changes nothing; saves run one at a time
 * (the table is locked for writing), so of two saves of the same version exactly one wins.
 */
export async function saveHomeSections(
  input: HomeSectionsInput,
  actor: Actor,
  opts: { locale?: Locale } = {},
  db: Db = getDb(),
): Promise<{ items: AdminHomeSection[]; updated_at: string }> {
  const result = await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    await tx.execute(sql`lock table ${homeSections} in exclusive mode`);
    if ((await versionOf(tx)) !== input.updated_at) throw new VersionConflictError(opts.locale);
    const before = await arrangement(tx);
    for (const s of input.sections) {
      const values = {
        isVisible: s.key === 'hero' ? true : s.is_visible,
        position: s.key === 'hero' ? 0 : s.position,
        titlePl: s.title_pl,
        titleEn: s.title_en,
        leadPl: s.lead_pl,
        leadEn: s.lead_en,
        pointsPl: HOME_SECTION_POINTS[s.key] ? s.points_pl : '',
        pointsEn: HOME_SECTION_POINTS[s.key] ? s.points_en : '',
        // The transaction's time, to the microsecond: the arrangement's next version.
        updatedAt: sql`now()`,
      };
      await tx
        .insert(homeSections)
        .values({ key: s.key, ...values })
        .onConflictDoUpdate({ target: homeSections.key, set: values });
    }
    const after = await arrangement(tx);
    const asRecord = (list: AdminHomeSection[]) => Object.fromEntries(list.map(({ key, ...rest }) => [key, rest]));
    await recordChange(tx, {
      userId: actor.userId,
      userEmail: actor.userEmail,
      entity: HOME_SECTIONS_ENTITY,
      entityId: 1,
      action: 'update',
      before: asRecord(before),
      after: asRecord(after),
    });
    return { items: after, updated_at: await versionOf(tx) };
  });
  clearPageCache();
  return result;
}

import { asc } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { Locale } from '~/core/i18n/locale';
import { onCacheClear } from '~/core/server/page-cache.server';
import { type StaticSiteDestination, staticSites } from './content.schema';

/** The shape of `GET /api/static-sites?all=1` items. */
export interface StaticSiteLink {
  id: number;
  slug: string;
  name: string;
  destination: StaticSiteDestination;
  role_ids: number[];
  resource_filename: string | null;
  has_resource: boolean;
}

let cache: Promise<(typeof staticSites.$inferSelect)[]> | undefined;
onCacheClear(() => {
  cache = undefined;
});

function rows() {
  cache ??= getDb()
    .select()
    .from(staticSites)
    .orderBy(asc(staticSites.position), asc(staticSites.id))
    .catch((e) => {
      cache = undefined;
      throw e;
    });
  return cache;
}

export async function allStaticSites(locale: Locale): Promise<StaticSiteLink[]> {
  return (await rows()).map((s) => ({
    id: s.id,
    slug: s.slug,
    name: locale === 'pl' ? s.namePl : s.nameEn,
    destination: s.destination,
    role_ids: s.roleIds,
    resource_filename: s.resourceFilename,
    has_resource: Boolean(s.resourceFileId),
  }));
}

import { asc, isNotNull } from 'drizzle-orm';
import { changedEntities, listChanges } from '~/core/audit/audit.server';
import { changeInfos } from '~/core/audit/audit.schema';
import { valueLabel } from '~/core/audit/value-labels';
import type { Locale } from '~/core/i18n/locale';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import type { ChangeListQuery } from './validation';

export const CHANGE_INFOS_PER_PAGE = 25;

/** One entry of the change log as the list and the API show it. */
export interface ChangeInfoItem {
  id: number;
  created_at: string;
  user_id: number | null;
  user_email: string | null;
  entity: string;
  entity_id: string;
  action: 'create' | 'update' | 'delete';
  /** The stored values; `before_label`/`after_label` where the field's values have readable names (a status). */
  changes: Record<string, { before: unknown; after: unknown; before_label?: string; after_label?: string }>;
}

/** The users who made changes (for the filter), by e-mail. */
export async function changeAuthors(db: Db = getDb()): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectDistinct({ id: changeInfos.userId, email: changeInfos.userEmail })
    .from(changeInfos)
    .where(isNotNull(changeInfos.userId))
    .orderBy(asc(changeInfos.userEmail), asc(changeInfos.userId));
  const seen = new Set<number>();
  const out: { id: string; name: string }[] = [];
  for (const r of rows) {
    if (r.id === null || seen.has(r.id)) continue;
    seen.add(r.id);
    out.push({ id: String(r.id), name: r.email ?? `#${r.id}` });
  }
  return out;
}

/** One page of the change log with the filters of the screen, newest first. */
export async function listChangeInfos(query: ChangeListQuery, locale: Locale, db: Db = getDb()) {
  const { items, pages, page, total } = await listChanges(
    {
      entity: query.entity || undefined,
      entityId: query.entity_id || undefined,
      userId: query.user,
      from: query.from,
      to: query.to,
      page: query.page,
      perPage: CHANGE_INFOS_PER_PAGE,
    },
    db,
  );
  const list: ChangeInfoItem[] = items.map((c) => ({
    id: c.id,
    created_at: c.createdAt.toISOString(),
    user_id: c.userId,
    user_email: c.userEmail,
    entity: c.entity,
    entity_id: c.entityId,
    action: c.action,
    changes: Object.fromEntries(
      Object.entries(c.changes).map(([field, v]) => {
        const before = valueLabel(c.entity, field, v.before, locale);
        const after = valueLabel(c.entity, field, v.after, locale);
        return [field, { ...v, ...(before ? { before_label: before } : {}), ...(after ? { after_label: after } : {}) }];
      }),
    ),
  }));
  return { items: list, pages, page, total };
}

/** The list's filter options: entities with entries and the users who made changes. */
export async function changeFilterOptions(db: Db = getDb()) {
  const [entities, users] = await Promise.all([changedEntities(db), changeAuthors(db)]);
  return { entities, users };
}

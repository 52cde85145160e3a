import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { type Paged, pageCount } from '~/core/http/pagination';
import { ZONE } from '~/core/time/days';
import { type ChangeAction, type ChangeInfo, type ChangeSet, changeInfos } from './audit.schema';

/** Fields never recorded: they change on every save. */
export const UNTRACKED_FIELDS: ReadonlySet<string> = new Set(['updatedAt', 'updated_at', 'version']);
/** Fields whose values are never written to the log (only that they changed). */
const SECRET_FIELD = /password|secret|token/i;
export const REDACTED = '[redacted]';

type Row = Record<string, unknown> | null | undefined;

/** Who makes a change: the change log's user (an admin API route gets it from `actorOf`). */
export interface Actor {
  userId: number;
  userEmail: string;
}

/** A value as it is stored in jsonb: dates as ISO strings, object keys in a stable order. */
function plain(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as object).sort()) out[key] = plain((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * The field differences between two versions of a record: a field is listed when its value
 * differs (deep comparison; dates by instant); updatedAt and version are skipped. For a create
 * `before` is null, for a delete `after` is null.
 */
export function diffRecords(before: Row, after: Row, skip: Iterable<string> = []): ChangeSet {
  const skipped = new Set([...UNTRACKED_FIELDS, ...skip]);
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: ChangeSet = {};
  for (const key of keys) {
    if (skipped.has(key)) continue;
    const b = plain(before?.[key]);
    const a = plain(after?.[key]);
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    changes[key] = SECRET_FIELD.test(key) ? { before: b === null ? null : REDACTED, after: a === null ? null : REDACTED } : { before: b, after: a };
  }
  return changes;
}

export interface RecordChangeInput {
  userId: number | null;
  userEmail: string | null;
  /** The kind of record, e.g. 'product'. */
  entity: string;
  entityId: string | number;
  action: ChangeAction;
  before?: Row;
  after?: Row;
  /** More fields to leave out of the log. */
  skip?: Iterable<string>;
}

/**
 * Writes one change-log entry with the field differences. An update that changed nothing
 * (besides updatedAt/version) writes nothing and returns null.
 */
export async function recordChange(db: Db, input: RecordChangeInput): Promise<ChangeInfo | null> {
  const before = input.action === 'create' ? null : input.before;
  const after = input.action === 'delete' ? null : input.after;
  const changes = diffRecords(before, after, input.skip);
  if (input.action === 'update' && Object.keys(changes).length === 0) return null;
  const [row] = await db
    .insert(changeInfos)
    .values({
      userId: input.userId,
      userEmail: input.userEmail,
      entity: input.entity,
      entityId: String(input.entityId),
      action: input.action,
      changes,
    })
    .returning();
  return row ?? null;
}

export const CHANGES_PER_PAGE = 50;

export interface ChangeFilters {
  entity?: string;
  entityId?: string | number;
  userId?: number;
  /** From this instant, or from the start of this day (YYYY-MM-DD, Polish time). */
  from?: Date | string;
  /** Up to this instant, or to the end of this day (YYYY-MM-DD, Polish time). */
  to?: Date | string;
  page?: number;
  perPage?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const localDay = sql`(${changeInfos.createdAt} at time zone ${sql.raw(`'${ZONE}'`)})::date`;

function bound(value: Date | string | undefined, side: 'from' | 'to'): SQL | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' && DAY.test(value)) {
    return side === 'from' ? sql`${localDay} >= ${value}::date` : sql`${localDay} <= ${value}::date`;
  }
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return undefined;
  return side === 'from' ? gte(changeInfos.createdAt, at) : lte(changeInfos.createdAt, at);
}

/** The change log, newest first, filtered and paged (`page` from 1). */
export async function listChanges(filters: ChangeFilters = {}, db: Db = getDb()): Promise<Paged<ChangeInfo>> {
  const perPage = filters.perPage ?? CHANGES_PER_PAGE;
  const conditions = [
    filters.entity ? eq(changeInfos.entity, filters.entity) : undefined,
    filters.entityId !== undefined && filters.entityId !== '' ? eq(changeInfos.entityId, String(filters.entityId)) : undefined,
    filters.userId !== undefined ? eq(changeInfos.userId, filters.userId) : undefined,
    bound(filters.from, 'from'),
    bound(filters.to, 'to'),
  ].filter((c): c is SQL => c !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(changeInfos).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = pageCount(total, perPage);
  const page = Math.min(Math.max(1, Math.trunc(filters.page ?? 1)), pages);
  const items = await db
    .select()
    .from(changeInfos)
    .where(where)
    .orderBy(desc(changeInfos.createdAt), desc(changeInfos.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { items, pages, page, total };
}

/** The entities that have entries (for the list's filter). */
export async function changedEntities(db: Db = getDb()): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: changeInfos.entity }).from(changeInfos).orderBy(changeInfos.entity);
  return rows.map((r) => r.entity);
}

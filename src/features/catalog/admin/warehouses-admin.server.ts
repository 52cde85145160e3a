// Warehouses of the stock (issue 39; admin area `warehouses`, the products' permission): list, one,
// create, rename and delete (refused while stock rows use the warehouse). Buyers see only the stock
// summed over warehouses, never their names, so these changes leave the page cache alone.
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { updateWithVersion } from '~/core/audit/optimistic-lock.server';
import { HttpError, validationError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import type { Locale } from '~/core/i18n/locale';
import { escapeLike } from '~/core/text';
import { catalogNumberStock, nameSortKey, warehouses } from '../catalog.schema';
import { adminT } from './validation';
import type { WarehouseInput, WarehouseListQuery, WarehouseUpdateInput } from './warehouse-validation';

export const WAREHOUSES_PER_PAGE = 50;

export interface AdminWarehouseItem {
  id: number;
  code: string;
  name: string;
  sort: number;
  /** Catalogue numbers with a stock row in it. */
  rows: number;
}

export interface AdminWarehouse {
  id: number;
  code: string;
  name_pl: string;
  name_en: string;
  sort: number;
  rows: number;
  version: number;
  updated_at: string;
}

const rowsUsing = sql<number>`(select count(*)::int from ${catalogNumberStock} s where s.warehouse_id = ${warehouses.id})`;

export async function listAdminWarehouses(query: WarehouseListQuery, locale: Locale): Promise<Paged<AdminWarehouseItem>> {
  const db = getDb();
  const search = query.search.trim();
  const where = search
    ? or(
        ilike(warehouses.code, `%${escapeLike(search)}%`),
        ilike(warehouses.namePl, `%${escapeLike(search)}%`),
        ilike(warehouses.nameEn, `%${escapeLike(search)}%`),
      )
    : undefined;
  const [total] = await db.select({ n: count() }).from(warehouses).where(where);
  const pages = pageCount(Number(total?.n ?? 0), WAREHOUSES_PER_PAGE);
  const page = Math.min(query.page, pages);
  const name = locale === 'en' ? warehouses.nameEn : warehouses.namePl;
  const dir = query.dir === 'desc' ? desc : asc;
  const order: SQL[] = {
    sort: [dir(warehouses.sort), asc(warehouses.code)],
    code: [dir(warehouses.code)],
    name: [dir(nameSortKey(name)), asc(warehouses.id)],
    rows: [dir(rowsUsing), asc(warehouses.code)],
  }[query.sort];
  const items = await db
    .select({ id: warehouses.id, code: warehouses.code, name, sort: warehouses.sort, rows: rowsUsing })
    .from(warehouses)
    .where(where)
    .orderBy(...order)
    .limit(WAREHOUSES_PER_PAGE)
    .offset((page - 1) * WAREHOUSES_PER_PAGE);
  return { items: items.map((r) => ({ ...r, rows: Number(r.rows) })), pages, page, total: Number(total?.n ?? 0) };
}

export async function getAdminWarehouse(id: number, db: Db = getDb()): Promise<AdminWarehouse | null> {
  const [r] = await db
    .select({
      id: warehouses.id,
      code: warehouses.code,
      namePl: warehouses.namePl,
      nameEn: warehouses.nameEn,
      sort: warehouses.sort,
      rows: rowsUsing,
      version: warehouses.version,
      updatedAt: warehouses.updatedAt,
    })
    .from(warehouses)
    .where(eq(warehouses.id, id));
  if (!r) return null;
  return {
    id: r.id,
    code: r.code,
    name_pl: r.namePl,
    name_en: r.nameEn,
    sort: r.sort,
    rows: Number(r.rows),
    version: r.version,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** 422 on the code when another warehouse has it (case-insensitive); the unique index is the last word. */
async function checkCode(tx: Db, code: string, exceptId: number | null, locale: Locale) {
  const same = sql`upper(${warehouses.code}) = ${code.toUpperCase()}`;
  const [taken] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(exceptId === null ? same : and(same, ne(warehouses.id, exceptId)));
  if (taken) throw validationError({ code: [adminT(locale)('wh.v.codeTaken', { code })] });
}

const columnsOf = (input: WarehouseInput) => ({ code: input.code, namePl: input.name_pl, nameEn: input.name_en, sort: input.sort });

export async function createWarehouse(input: WarehouseInput, actor: Actor, locale: Locale, db: Db = getDb()): Promise<{ id: number }> {
  return db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    // One warehouse write at a time: two creates of one code both passing checkCode end in the unique index.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog.warehouses'))`);
    await checkCode(tx, input.code, null, locale);
    const [row] = await tx.insert(warehouses).values(columnsOf(input)).returning();
    if (!row) throw new Error('insert returned no row');
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: 'warehouse', entityId: row.id, action: 'create', after: row });
    return { id: row.id };
  });
}

export async function updateWarehouse(
  id: number,
  input: WarehouseUpdateInput,
  actor: Actor,
  locale: Locale,
  db: Db = getDb(),
): Promise<{ id: number; version: number }> {
  return db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog.warehouses'))`);
    const [current] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, id));
    if (!current) throw new HttpError(404, adminT(locale)('wh.msg.notFound'));
    await checkCode(tx, input.code, id, locale);
    const row = await updateWithVersion(tx, warehouses, id, input.version, columnsOf(input), {
      locale,
      audit: { userId: actor.userId, userEmail: actor.userEmail, entity: 'warehouse' },
    });
    return { id, version: row.version };
  });
}

/** Deletes a warehouse no stock row uses (409 naming how many do; the foreign key is the last word). */
export async function deleteWarehouse(id: number, actor: Actor, locale: Locale, db: Db = getDb()): Promise<void> {
  const t = adminT(locale);
  await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    const [current] = await tx.select().from(warehouses).where(eq(warehouses.id, id)).for('update');
    if (!current) throw new HttpError(404, t('wh.msg.notFound'));
    const [used] = await tx.select({ n: count() }).from(catalogNumberStock).where(eq(catalogNumberStock.warehouseId, id));
    if (Number(used?.n ?? 0) > 0) throw new HttpError(409, t('wh.msg.inUse', { code: current.code, n: Number(used?.n) }));
    await tx.delete(warehouses).where(eq(warehouses.id, id));
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: 'warehouse', entityId: id, action: 'delete', before: current });
  });
}

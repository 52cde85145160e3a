// Create, save (optimistic lock) and delete of an admin-edited record, each in one transaction with
// its change-log entry, then the page cache cleared: what every simple admin area (posts, videos,
// realizations) does alike. The area gives its table, change-log entity and how an input becomes
// column values (validation against the database included).
//
//   const videos = auditedRecords({ table: videos, entity: 'video', columns: videoColumns, notFound });
//   await videos.create(input, actor, locale);
//   await videos.update(id, input, actor, locale); // input.version: 409 when saved by someone else since
import { eq } from 'drizzle-orm';
import type { PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import type { Locale } from '~/core/i18n/locale';
import { clearPageCache } from '~/core/server/page-cache.server';
import { type Actor, recordChange } from './audit.server';
import { updateWithVersion, type VersionedTable } from './optimistic-lock.server';

export interface AuditedRecordsOptions<T extends VersionedTable, I> {
  table: T;
  entity: string;
  /** The column values of a valid input (`current`: the stored row on a save, null on a create); may throw a 422. */
  columns: (tx: Db, input: I, locale: Locale, current: T['$inferSelect'] | null) => Promise<PgInsertValue<T>>;
  notFound: (locale: Locale) => Error;
}

export function auditedRecords<T extends VersionedTable, I>({ table, entity, columns, notFound }: AuditedRecordsOptions<T, I>) {
  const byId = (id: number) => eq(table.id, id);
  const asTable = table as unknown as PgTable;
  return {
    async create(input: I, actor: Actor, locale: Locale, db: Db = getDb()): Promise<T['$inferSelect']> {
      const row = await db.transaction(async (txh) => {
        const tx = txh as unknown as Db;
        const [created] = (await tx
          .insert(table)
          .values(await columns(tx, input, locale, null))
          .returning()) as T['$inferSelect'][];
        if (!created) throw new Error('insert returned no row');
        const id = (created as { id: number }).id;
        await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity, entityId: id, action: 'create', after: created });
        return created;
      });
      clearPageCache();
      return row;
    },

    /** Saves a record loaded at `input.version`; 409 when someone else saved it since, 404 when gone. */
    async update(id: number, input: I & { version: number }, actor: Actor, locale: Locale, db: Db = getDb()): Promise<T['$inferSelect']> {
      const row = await db.transaction(async (txh) => {
        const tx = txh as unknown as Db;
        const [current] = (await tx.select().from(asTable).where(byId(id)).limit(1)) as T['$inferSelect'][];
        if (!current) throw notFound(locale);
        const values = (await columns(tx, input, locale, current)) as PgUpdateSetSource<T>;
        return updateWithVersion(tx, table, id, input.version, values, { locale, audit: { userId: actor.userId, userEmail: actor.userEmail, entity } });
      });
      clearPageCache();
      return row;
    },

    async remove(id: number, actor: Actor, locale: Locale, db: Db = getDb()): Promise<void> {
      await db.transaction(async (txh) => {
        const tx = txh as unknown as Db;
        const [deleted] = (await tx.delete(table).where(byId(id)).returning()) as T['$inferSelect'][];
        if (!deleted) throw notFound(locale);
        await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity, entityId: id, action: 'delete', before: deleted });
      });
      clearPageCache();
    },
  };
}

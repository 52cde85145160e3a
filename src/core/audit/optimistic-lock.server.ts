import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '~/core/db/client.server';
import { HttpError } from '~/core/http/errors';
import { DEFAULT_LOCALE, type Locale, translator } from '~/core/i18n/locale';
import { recordChange } from './audit.server';
import { auditMessages } from './messages';

/** A table with the shared columns of src/core/db/columns.ts (id, version, updatedAt). */
export type VersionedTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn; updatedAt: AnyPgColumn };

/** 409: the record was saved by someone else since it was read. */
export class VersionConflictError extends HttpError {
  constructor(
    locale: Locale = DEFAULT_LOCALE,
    public readonly currentVersion?: number,
  ) {
    super(409, translator(auditMessages, locale)('conflict'));
    this.name = 'VersionConflictError';
  }
}

export interface UpdateWithVersionOptions {
  /** Language of the 409/404 message. */
  locale?: Locale;
  /** Records the change (field differences) in the change log, in the same transaction. */
  audit?: { userId: number | null; userEmail: string | null; entity: string; skip?: Iterable<string> };
}

/**
 * Saves `values` into the record `id` only if its stored version is still `expectedVersion`
 * (the version the form was loaded with), incrementing the version and setting updatedAt.
 * The check and the write are one statement, so of two concurrent saves of the same version
 * exactly one wins; the other gets 409 and changes nothing. 404 when the record is gone.
 */
export async function updateWithVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  id: number | string,
  expectedVersion: number,
  values: PgUpdateSetSource<T>,
  opts: UpdateWithVersionOptions = {},
): Promise<T['$inferSelect']> {
  const t = translator(auditMessages, opts.locale ?? DEFAULT_LOCALE);
  const run = async (tx: Db): Promise<T['$inferSelect']> => {
    let before: Record<string, unknown> | undefined;
    if (opts.audit) {
      const rows = (await tx
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id))
        .for('update')) as Record<string, unknown>[];
      before = rows[0];
      if (!before) throw new HttpError(404, t('notFound'));
    }
    const set = {
      ...values,
      version: sql`${table.version} + 1`,
      updatedAt: new Date(),
    } as PgUpdateSetSource<T>;
    const updated = (await tx
      .update(table)
      .set(set)
      .where(and(eq(table.id, id), eq(table.version, expectedVersion)))
      .returning()) as T['$inferSelect'][];
    const row = updated[0];
    if (!row) {
      const [current] = (await tx
        .select({ version: table.version })
        .from(table as PgTable)
        .where(eq(table.id, id))) as {
        version: number;
      }[];
      if (!current) throw new HttpError(404, t('notFound'));
      throw new VersionConflictError(opts.locale, current.version);
    }
    if (opts.audit && before) {
      await recordChange(tx, {
        userId: opts.audit.userId,
        userEmail: opts.audit.userEmail,
        entity: opts.audit.entity,
        entityId: id,
        action: 'update',
        before,
        after: row as Record<string, unknown>,
        skip: opts.audit.skip,
      });
    }
    return row;
  };
  return opts.audit ? db.transaction((tx) => run(tx as unknown as Db)) : run(db);
}

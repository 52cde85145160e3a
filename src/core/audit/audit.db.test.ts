import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '~/core/db/client.server';
import type { HttpError } from '~/core/http/errors';
import { posts } from '~/features/content/content.schema';
import { openTestDatabase } from '~tests/helpers/test-app';
import { changeInfos } from './audit.schema';
import { changedEntities, diffRecords, listChanges, REDACTED, recordChange } from './audit.server';
import { updateWithVersion, VersionConflictError } from './optimistic-lock.server';

let database: Database;
let drop: () => Promise<void>;
let db: Db;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  db = database.db;
});
afterAll(() => drop());
beforeEach(async () => {
  await db.delete(changeInfos);
  await db.delete(posts);
});

async function newPost(title = 'Nowy kabel') {
  const [row] = await db
    .insert(posts)
    .values({ titlePl: title, titleEn: 'New cable', slugPl: `p-${Math.random()}`, slugEn: `e-${Math.random()}` })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

const admin = { userId: 7, userEmail: 'admin@example.com' };

describe('diffRecords', () => {
  it('lists only changed fields with before and after, skipping updatedAt and version', () => {
    const at = new Date('2026-01-01T10:00:00Z');
    expect(
      diffRecords(
        { a: 1, b: 'x', c: [1, 2], d: { k: 1, j: 2 }, e: at, updatedAt: at, version: 1, updated_at: at },
        { a: 1, b: 'y', c: [1, 2, 3], d: { j: 2, k: 1 }, e: new Date(at.getTime()), updatedAt: new Date(), version: 2, updated_at: new Date() },
      ),
    ).toEqual({ b: { before: 'x', after: 'y' }, c: { before: [1, 2], after: [1, 2, 3] } });
  });

  it('treats a missing field as null and masks secrets', () => {
    expect(diffRecords({ a: null }, { a: undefined, b: 0 })).toEqual({ b: { before: null, after: 0 } });
    expect(diffRecords({ passwordHash: 'old' }, { passwordHash: 'new' })).toEqual({
      passwordHash: { before: REDACTED, after: REDACTED },
    });
  });
});

describe('recordChange', () => {
  it('records the field diff of an update with author, entity and time', async () => {
    const before = await newPost();
    const [after] = await db
      .update(posts)
      .set({ titlePl: 'Kabel U/UTP kat. 6', isPublished: false, updatedAt: new Date(), version: before.version + 1 })
      .where(eq(posts.id, before.id))
      .returning();
    const entry = await recordChange(db, { ...admin, entity: 'post', entityId: before.id, action: 'update', before, after });
    expect(entry?.changes).toEqual({
      titlePl: { before: 'Nowy kabel', after: 'Kabel U/UTP kat. 6' },
      isPublished: { before: true, after: false },
    });
    const [stored] = await db.select().from(changeInfos);
    expect(stored).toMatchObject({ userId: 7, userEmail: 'admin@example.com', entity: 'post', entityId: String(before.id), action: 'update' });
    expect(stored?.changes).toEqual(entry?.changes);
    expect(Date.now() - (stored?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('writes nothing for an update that changed nothing but updatedAt/version', async () => {
    const before = await newPost();
    const after = { ...before, updatedAt: new Date(Date.now() + 1000), version: before.version + 1 };
    expect(await recordChange(db, { ...admin, entity: 'post', entityId: before.id, action: 'update', before, after })).toBeNull();
    expect(await db.select().from(changeInfos)).toHaveLength(0);
  });

  it('records every field of a create as after, and of a delete as before', async () => {
    const row = await newPost('Panel krosowy');
    const created = await recordChange(db, { ...admin, entity: 'post', entityId: row.id, action: 'create', after: row });
    expect(created?.changes.titlePl).toEqual({ before: null, after: 'Panel krosowy' });
    expect(created?.changes.createdAt).toEqual({ before: null, after: row.createdAt.toISOString() });
    expect(created?.changes.version).toBeUndefined();
    expect(created?.changes.updatedAt).toBeUndefined();
    const deleted = await recordChange(db, { ...admin, entity: 'post', entityId: row.id, action: 'delete', before: row, after: row });
    expect(deleted?.changes.titlePl).toEqual({ before: 'Panel krosowy', after: null });
  });
});

describe('updateWithVersion', () => {
  it('saves with the expected version, increments it and sets updatedAt', async () => {
    const row = await newPost();
    const saved = await updateWithVersion(db, posts, row.id, row.version, { titlePl: 'Zmieniony' });
    expect(saved.version).toBe(row.version + 1);
    expect(saved.titlePl).toBe('Zmieniony');
    expect(saved.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
    const [stored] = await db.select().from(posts).where(eq(posts.id, row.id));
    expect(stored?.version).toBe(row.version + 1);
  });

  it('refuses a save made from a stale version with 409 and overwrites nothing', async () => {
    const row = await newPost();
    await updateWithVersion(db, posts, row.id, row.version, { titlePl: 'Zapis A' });
    const error = await updateWithVersion(db, posts, row.id, row.version, { titlePl: 'Zapis B' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VersionConflictError);
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).message).toBe('Ten rekord został w międzyczasie zmieniony przez innego użytkownika. Odśwież stronę i zapisz ponownie.');
    const [stored] = await db.select().from(posts).where(eq(posts.id, row.id));
    expect(stored?.titlePl).toBe('Zapis A');
    expect(stored?.version).toBe(row.version + 1);
  });

  it('gives the message in English when asked', async () => {
    const row = await newPost();
    const error = await updateWithVersion(db, posts, row.id, row.version + 5, { titlePl: 'x' }, { locale: 'en' }).catch((e: unknown) => e);
    expect((error as HttpError).message).toBe('This record has been changed by another user in the meantime. Reload the page and save again.');
  });

  it('of two concurrent saves of the same version exactly one wins', async () => {
    const row = await newPost();
    const results = await Promise.allSettled([
      updateWithVersion(db, posts, row.id, row.version, { titlePl: 'Pierwszy' }),
      updateWithVersion(db, posts, row.id, row.version, { titlePl: 'Drugi' }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0]?.reason as HttpError).status).toBe(409);
    const [stored] = await db.select().from(posts).where(eq(posts.id, row.id));
    expect(stored?.titlePl).toBe((won[0] as PromiseFulfilledResult<typeof row>).value.titlePl);
    expect(stored?.version).toBe(row.version + 1);
  });

  it('answers 404 for a record that does not exist', async () => {
    const error = await updateWithVersion(db, posts, 999_999, 1, { titlePl: 'x' }).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(404);
  });

  it('with audit, records the diff in the change log; a refused save records nothing', async () => {
    const row = await newPost();
    const audit = { ...admin, entity: 'post' };
    await updateWithVersion(db, posts, row.id, row.version, { titlePl: 'Po zmianie', leadPl: 'Wstęp' }, { audit });
    await expect(updateWithVersion(db, posts, row.id, row.version, { titlePl: 'Stary formularz' }, { audit })).rejects.toBeInstanceOf(VersionConflictError);
    const entries = await db.select().from(changeInfos);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes).toEqual({
      titlePl: { before: 'Nowy kabel', after: 'Po zmianie' },
      leadPl: { before: '', after: 'Wstęp' },
    });
    expect(entries[0]).toMatchObject({ entity: 'post', entityId: String(row.id), action: 'update', userId: 7 });
  });
});

describe('listChanges', () => {
  async function seed() {
    const at = (iso: string) => new Date(iso);
    await db.insert(changeInfos).values([
      { userId: 1, userEmail: 'a@x.pl', entity: 'product', entityId: '10', action: 'create', createdAt: at('2026-03-01T08:00:00Z') },
      { userId: 1, userEmail: 'a@x.pl', entity: 'product', entityId: '10', action: 'update', createdAt: at('2026-03-02T08:00:00Z') },
      { userId: 2, userEmail: 'b@x.pl', entity: 'product', entityId: '11', action: 'update', createdAt: at('2026-03-03T08:00:00Z') },
      { userId: 2, userEmail: 'b@x.pl', entity: 'post', entityId: '10', action: 'delete', createdAt: at('2026-03-04T08:00:00Z') },
      // 23:30 UTC on 4 March is 00:30 on 5 March in Poland
      { userId: 1, userEmail: 'a@x.pl', entity: 'post', entityId: '12', action: 'create', createdAt: at('2026-03-04T23:30:00Z') },
    ]);
  }

  it('lists newest first with pages', async () => {
    await seed();
    const all = await listChanges({}, db);
    expect(all.total).toBe(5);
    expect(all.pages).toBe(1);
    expect(all.items.map((i) => i.createdAt.toISOString())).toEqual([
      '2026-03-04T23:30:00.000Z',
      '2026-03-04T08:00:00.000Z',
      '2026-03-03T08:00:00.000Z',
      '2026-03-02T08:00:00.000Z',
      '2026-03-01T08:00:00.000Z',
    ]);
    const page2 = await listChanges({ perPage: 2, page: 2 }, db);
    expect(page2.pages).toBe(3);
    expect(page2.page).toBe(2);
    expect(page2.items.map((i) => i.createdAt.toISOString())).toEqual(['2026-03-03T08:00:00.000Z', '2026-03-02T08:00:00.000Z']);
  });

  it('filters by entity, entity id and user', async () => {
    await seed();
    expect((await listChanges({ entity: 'product' }, db)).total).toBe(3);
    const product10 = await listChanges({ entity: 'product', entityId: 10 }, db);
    expect(product10.items.map((i) => i.action)).toEqual(['update', 'create']);
    expect((await listChanges({ entityId: '10' }, db)).total).toBe(3);
    const user2 = await listChanges({ userId: 2 }, db);
    expect(user2.items.map((i) => i.userEmail)).toEqual(['b@x.pl', 'b@x.pl']);
    expect(await changedEntities(db)).toEqual(['post', 'product']);
  });

  it('filters by days in Polish time and by instants', async () => {
    await seed();
    const day = await listChanges({ from: '2026-03-02', to: '2026-03-04' }, db);
    expect(day.items.map((i) => i.createdAt.toISOString())).toEqual(['2026-03-04T08:00:00.000Z', '2026-03-03T08:00:00.000Z', '2026-03-02T08:00:00.000Z']);
    const fifth = await listChanges({ from: '2026-03-05' }, db);
    expect(fifth.items.map((i) => i.entityId)).toEqual(['12']);
    const instants = await listChanges({ from: new Date('2026-03-02T08:00:00Z'), to: new Date('2026-03-03T08:00:00Z') }, db);
    expect(instants.total).toBe(2);
    const combined = await listChanges({ entity: 'product', userId: 1, to: '2026-03-01' }, db);
    expect(combined.items.map((i) => i.action)).toEqual(['create']);
  });

  it('answers one empty page when nothing matches', async () => {
    await seed();
    expect(await listChanges({ entity: 'nothing' }, db)).toEqual({ items: [], pages: 1, page: 1, total: 0 });
  });
});

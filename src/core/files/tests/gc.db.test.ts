import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '~/core/files/files.schema';
import { collectUnreferencedFiles } from '~/core/files/gc.server';
import { fileIdsInHtml, fileReferenceSourceNames } from '~/core/files/references.server';
import { type StoredFile, saveFile } from '~/core/files/storage.server';
import { categories } from '~/features/catalog/catalog.schema';
import { posts, staticSites } from '~/features/content/content.schema';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';

// The unused-file collector on the seeded demo site: every demo file is referenced (so the declared
// references cover the catalogue and content), an old orphan goes, nothing referenced ever does.

let t: TestApp;
const DAY = 86_400_000;
const now = new Date();
const pdf = (name: string) => saveFile({ data: Buffer.from(`%PDF-1.7\n${name}\n%%EOF\n`), filename: name, contentType: 'application/pdf' });
const age = (f: StoredFile, ms: number) =>
  t.database.db
    .update(files)
    .set({ createdAt: new Date(now.getTime() - ms) })
    .where(eq(files.id, f.id));
const exists = async (f: StoredFile) => (await t.database.db.select().from(files).where(eq(files.id, f.id))).length === 1;
const bytesOf = (f: StoredFile) => path.join(t.dataDir, 'files', f.storageKey);

let orphan: StoredFile;
let youngOrphan: StoredFile;
let inPostHtml: StoredFile;
let inStaticSite: StoredFile;
let categoryImage: StoredFile;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  orphan = await pdf('porzucony.pdf');
  youngOrphan = await pdf('swiezy.pdf');
  inPostHtml = await pdf('w-tresci.pdf');
  inStaticSite = await pdf('zasob.pdf');
  categoryImage = await pdf('kategoria.pdf');
  for (const f of [orphan, inPostHtml, inStaticSite, categoryImage]) await age(f, 30 * DAY);
  await age(youngOrphan, 60_000);
  const [post] = await t.database.db.select().from(posts).limit(1);
  await t.database.db
    .update(posts)
    .set({ contentEn: `${post?.contentEn ?? ''}<p><img src="/img/${inPostHtml.id}/640.webp" alt=""></p>` })
    .where(eq(posts.id, post?.id as number));
  const [site] = await t.database.db.select().from(staticSites).limit(1);
  await t.database.db
    .update(staticSites)
    .set({ resourceFileId: inStaticSite.id })
    .where(eq(staticSites.id, site?.id as number));
  await t.database.db.insert(categories).values({ namePl: 'GC', nameEn: 'GC', slugPl: 'gc', slugEn: 'gc', imageFileId: categoryImage.id });
  // A resized copy of the orphan in the image cache goes with it.
  mkdirSync(path.join(t.dataDir, 'files', 'cache', orphan.id.slice(0, 2)), { recursive: true });
  writeFileSync(path.join(t.dataDir, 'files', 'cache', orphan.id.slice(0, 2), `${orphan.id}-640.webp`), 'x');
});
afterAll(() => t.close());

describe('file references', () => {
  it('finds the ids of downloads and resized images in rich-text HTML', () => {
    const id = '0b8e1f1c-9a51-4c47-9a53-2d7f1d0e5a10';
    expect(fileIdsInHtml(`<a href="https://cobi.example/files/${id}/karta.pdf">x</a><img srcset="/img/${id.toUpperCase()}/320.webp 320w">`)).toEqual([id, id]);
    expect(fileIdsInHtml('<a href="/files/not-a-uuid/x.pdf">x</a>')).toEqual([]);
  });

  it('the catalogue and the content declare their references (other features add theirs)', () => {
    expect(fileReferenceSourceNames()).toEqual(expect.arrayContaining(['catalog', 'content']));
  });
});

describe('collectUnreferencedFiles', () => {
  it('a dry run lists only the old orphan and changes nothing; the demo files are all referenced', async () => {
    const cacheDir = path.join(t.dataDir, 'files', 'cache');
    const result = await collectUnreferencedFiles({ db: t.database.db, dryRun: true, now, cacheDir });
    expect(result.orphans.map((o) => o.id)).toEqual([orphan.id]);
    expect(result.young).toBe(1);
    expect(result.removed).toBe(0);
    expect(await exists(orphan)).toBe(true);
    expect(existsSync(bytesOf(orphan))).toBe(true);
  });

  it('removes the old orphan (row, bytes, resized copies) and keeps every referenced and young file', async () => {
    const all = await t.database.db.select({ id: files.id }).from(files);
    const cacheDir = path.join(t.dataDir, 'files', 'cache');
    const result = await collectUnreferencedFiles({ db: t.database.db, dryRun: false, now, cacheDir });
    expect(result.removed).toBe(1);
    expect(result.freedBytes).toBe(orphan.size);
    expect(await exists(orphan)).toBe(false);
    expect(existsSync(bytesOf(orphan))).toBe(false);
    expect(existsSync(path.join(cacheDir, orphan.id.slice(0, 2), `${orphan.id}-640.webp`))).toBe(false);
    const left = await t.database.db
      .select({ id: files.id })
      .from(files)
      .where(
        inArray(
          files.id,
          all.map((f) => f.id),
        ),
      );
    expect(left).toHaveLength(all.length - 1);
    for (const f of [youngOrphan, inPostHtml, inStaticSite, categoryImage]) {
      expect(await exists(f), f.originalName).toBe(true);
      expect(existsSync(bytesOf(f)), f.originalName).toBe(true);
    }
    // Once the young one is past the grace period, it goes too; a second run finds nothing else.
    const later = await collectUnreferencedFiles({ db: t.database.db, dryRun: false, now: new Date(now.getTime() + 2 * DAY), cacheDir });
    expect(later.removed).toBe(1);
    expect(await exists(youngOrphan)).toBe(false);
    expect((await collectUnreferencedFiles({ db: t.database.db, dryRun: true, now: new Date(now.getTime() + 2 * DAY) })).orphans).toEqual([]);
  });
});

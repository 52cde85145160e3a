// The service screen's API and the change log's API (SPEC section 6: admin access only).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { saveFile } from '~/core/files/storage.server';
import { enqueueMail } from '~/core/mail/outbox.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { onCacheClear } from '~/core/server/page-cache.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { categories, productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { createRole, send } from '~/features/content/admin/tests/helpers';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let admin: TestClient;
let adminId: number;
let bareAdmin: TestClient;
let member: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser({ state: 'active', roleIds: [1] });
  adminId = a.id;
  admin = await loggedIn(t.app, a.email);
  // Service and change-infos need admin access only (no area permission).
  const bare = await createRole(20, 'admin-only', ['admin.access']);
  bareAdmin = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [bare] })).email);
  member = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [2] })).email);
  visitor = new TestClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('refusals without admin access', () => {
  it('401 for a visitor and 403 for a logged-in user without admin access, for every call; the action does not run', async () => {
    let cleared = 0;
    onCacheClear(() => {
      cleared++;
    });
    const calls: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/service'],
      ['GET', '/api/admin/service/mails'],
      ['GET', '/api/admin/service/mails/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/admin/service/retry-mail/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/admin/service/clear-caches'],
      ['POST', '/api/admin/service/rebuild-images'],
      ['POST', '/api/admin/service/rebuild-search'],
      ['GET', '/api/admin/service/unused-files'],
      ['POST', '/api/admin/service/remove-unused-files'],
      ['GET', '/api/admin/change-infos'],
    ];
    for (const [method, url] of calls) {
      expect((await send(visitor, method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(member, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(cleared).toBe(0);
    // Admin access alone reads the overview and the mail list, nothing more (issue 37): mail bodies,
    // unused files, every action and the change log need their permissions.
    expect((await send(bareAdmin, 'GET', '/api/admin/service')).statusCode).toBe(200);
    expect((await send(bareAdmin, 'GET', '/api/admin/service/mails')).statusCode).toBe(200);
    for (const [method, url] of calls.slice(2)) {
      expect((await send(bareAdmin, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(cleared).toBe(0);
    const backup = await bareAdmin.request({ method: 'POST', url: '/api/admin/service/backup' });
    expect(backup.statusCode).toBe(403);
    expect(backup.headers['content-type']).not.toContain('gzip');
  });
});

describe('state', () => {
  it('tells the database kind, its size, row counts and that every migration is applied', async () => {
    const res = await send(admin, 'GET', '/api/admin/service');
    expect(res.statusCode).toBe(200);
    const { database, storage, mail } = res.json();
    expect(database.kind).toBe(t.database.kind);
    expect(database.sizeBytes).toBeGreaterThan(0);
    const users = database.tables.find((x: { name: string }) => x.name === 'users');
    expect(users.rows).toBe(3);
    expect(database.tables[0].name).toBe('users');
    expect(database.migrations.length).toBeGreaterThan(0);
    expect(database.migrations.every((m: { applied: boolean }) => m.applied)).toBe(true);
    expect(storage.dataDir).toBe(path.resolve(t.dataDir));
    expect(mail.smtp).toBe(false);
  });

  it('measures uploaded files apart from the image cache', async () => {
    const filesDir = path.join(t.dataDir, 'files', '2025', '01');
    const cacheDir = path.join(t.dataDir, 'files', 'cache', 'ab');
    mkdirSync(filesDir, { recursive: true });
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(path.join(filesDir, 'a'), Buffer.alloc(1000));
    writeFileSync(path.join(filesDir, 'b'), Buffer.alloc(500));
    writeFileSync(path.join(cacheDir, 'ab-320.webp'), Buffer.alloc(200));
    const { storage } = (await send(admin, 'GET', '/api/admin/service')).json();
    expect(storage.files).toEqual({ bytes: 1500, files: 2 });
    expect(storage.imageCache).toEqual({ bytes: 200, files: 1 });
  });
});

describe('mail outbox', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    const db = getDb();
    await enqueueMail(db, {
      to: 'anna@example.com',
      subject: 'Potwierdź adres e-mail',
      html: '<p>Kliknij <a href="https://x">link</a></p>',
      text: 'Kliknij link',
      kind: 'account.verify',
    });
    await enqueueMail(db, { to: 'jan@example.com', subject: 'Reset hasła', html: '<p>Reset</p>', text: 'Reset', kind: 'account.reset' });
    const rows = await db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
    ids = rows.map((r) => r.id);
    await db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: '550 no such user' })
      .where(eq(mailOutbox.id, ids[1] as string));
  });

  it('counts by status and lists with the status filter, search and paging', async () => {
    const { mail } = (await send(admin, 'GET', '/api/admin/service')).json();
    expect(mail.counts).toEqual({ pending: 1, sent: 0, failed: 1 });
    const failed = (await send(admin, 'GET', '/api/admin/service/mails?status=failed')).json();
    expect(failed.items.map((m: { subject: string }) => m.subject)).toEqual(['Reset hasła']);
    expect(failed.items[0].html).toBeUndefined();
    const search = (await send(admin, 'GET', '/api/admin/service/mails?q=anna')).json();
    expect(search.items.map((m: { to: string }) => m.to)).toEqual(['anna@example.com']);
    expect(search.pages).toBe(1);
  });

  it('reads one mail with its HTML and text', async () => {
    const res = await send(admin, 'GET', `/api/admin/service/mails/${ids[0]}`);
    expect(res.json()).toMatchObject({ subject: 'Potwierdź adres e-mail', html: '<p>Kliknij <a href="https://x">link</a></p>', text: 'Kliknij link' });
    expect((await send(admin, 'GET', '/api/admin/service/mails/nope')).statusCode).toBe(404);
  });

  it('retries a failed mail with fresh attempts; a sent one cannot be retried', async () => {
    const res = await send(admin, 'POST', `/api/admin/service/retry-mail/${ids[1]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Wiadomość zostanie wysłana ponownie.');
    const [row] = await getDb()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, ids[1] as string));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    await getDb()
      .update(mailOutbox)
      .set({ status: 'sent' })
      .where(eq(mailOutbox.id, ids[0] as string));
    expect((await send(admin, 'POST', `/api/admin/service/retry-mail/${ids[0]}`)).statusCode).toBe(404);
  });
});

describe('maintenance actions', () => {
  it('clear-caches clears the page cache and the in-memory caches', async () => {
    let cleared = 0;
    onCacheClear(() => {
      cleared++;
    });
    const res = await send(admin, 'POST', '/api/admin/service/clear-caches');
    expect(res.json()).toEqual({ message: 'Wyczyszczono pamięć podręczną.' });
    expect(cleared).toBe(1);
  });

  it('rebuild-images deletes the resized images (made again on demand)', async () => {
    const cache = path.join(t.dataDir, 'files', 'cache');
    mkdirSync(path.join(cache, 'cd'), { recursive: true });
    writeFileSync(path.join(cache, 'cd', 'cd-640.webp'), Buffer.alloc(300));
    const res = await send(admin, 'POST', '/api/admin/service/rebuild-images');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ files: 2, bytes: 500 });
    expect(existsSync(cache)).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'files', '2025', '01', 'a'))).toBe(true);
  });

  it('rebuild-search writes every product’s search text again from its names and catalogue numbers', async () => {
    const db = getDb();
    const [cat] = await db.insert(categories).values({ namePl: 'Kable', nameEn: 'Cables', slugPl: 'kable', slugEn: 'cables' }).returning();
    const [p] = await db
      .insert(products)
      .values({ categoryId: cat?.id as number, namePl: 'Kabel światłowodowy', nameEn: 'Fibre cable', slugPl: 'k', slugEn: 'c', searchText: 'stary tekst' })
      .returning();
    await db.insert(productCatalogNumbers).values({ productId: p?.id as number, number: 'CN-U5-305' });
    const res = await send(admin, 'POST', '/api/admin/service/rebuild-search');
    expect(res.json()).toMatchObject({ products: 1, updated: 1, message: 'Przeliczono indeks wyszukiwania: 1 produkt, zmienionych 1.' });
    const [row] = await db
      .select({ searchText: products.searchText })
      .from(products)
      .where(eq(products.id, p?.id as number));
    const words = row?.searchText.split(' ') ?? [];
    expect(words).toEqual(expect.arrayContaining(['kabel', 'swiatlowodowy', 'fibre', 'cable', 'cnu5305']));
    expect(words).not.toContain('stary');
    const again = (await send(admin, 'POST', '/api/admin/service/rebuild-search')).json();
    expect(again).toMatchObject({ products: 1, updated: 0 });
  });

  it('lists unused files older than a day, then removes them and keeps referenced ones', async () => {
    const old = new Date(Date.now() - 3 * 86_400_000);
    const orphan = await saveFile({ data: Buffer.from('%PDF-1.7\n'), filename: 'porzucony.pdf', contentType: 'application/pdf' });
    const used = await saveFile({ data: Buffer.from('%PDF-1.7\n'), filename: 'uzywany.pdf', contentType: 'application/pdf' });
    await getDb()
      .update(files)
      .set({ createdAt: old })
      .where(inArray(files.id, [orphan.id, used.id]));
    await getDb().insert(categories).values({ namePl: 'Pliki', nameEn: 'Files', slugPl: 'pliki', slugEn: 'files', imageFileId: used.id });

    const listed = await send(admin, 'GET', '/api/admin/service/unused-files');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((f: { id: string }) => f.id)).toEqual([orphan.id]);
    expect((await getDb().select().from(files).where(eq(files.id, orphan.id))).length).toBe(1);

    const removed = await send(admin, 'POST', '/api/admin/service/remove-unused-files');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().removed).toBe(1);
    expect(removed.json().message).toMatch(/^Usunięto 1 nieużywany plik /);
    expect((await getDb().select().from(files).where(eq(files.id, orphan.id))).length).toBe(0);
    expect((await getDb().select().from(files).where(eq(files.id, used.id))).length).toBe(1);
    expect((await send(admin, 'GET', '/api/admin/service/unused-files')).json().items).toEqual([]);
  });

  it('an unknown action is 404', async () => {
    expect((await send(admin, 'POST', '/api/admin/service/drop-database')).statusCode).toBe(404);
  });
});

describe('change log', () => {
  it('lists the recorded changes newest first with the entity, id, user and day filters', async () => {
    const created = await send(admin, 'POST', '/api/admin/posts', {
      title_pl: 'Wpis do historii',
      title_en: '',
      published_at: '2025-05-05',
      is_published: '1',
    });
    const id = created.json().id as number;
    const loaded = (await send(admin, 'GET', `/api/admin/posts/${id}`)).json();
    await send(admin, 'PUT', `/api/admin/posts/${id}`, { ...loaded, title_pl: 'Wpis po zmianie', image_file_id: '', version: loaded.version });

    const res = await send(admin, 'GET', `/api/admin/change-infos?entity=post&entity_id=${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((c: { action: string }) => c.action)).toEqual(['update', 'create']);
    expect(body.items[0]).toMatchObject({ entity: 'post', entity_id: String(id), user_id: adminId });
    expect(body.items[0].changes.titlePl).toEqual({ before: 'Wpis do historii', after: 'Wpis po zmianie' });
    expect(body.entities).toContain('post');
    expect(body.users).toEqual([expect.objectContaining({ id: String(adminId) })]);

    const byUser = (await send(admin, 'GET', `/api/admin/change-infos?user=${adminId}&entity=post&entity_id=${id}`)).json();
    expect(byUser.items).toHaveLength(2);
    const otherUser = (await send(admin, 'GET', `/api/admin/change-infos?user=${adminId + 100}`)).json();
    expect(otherUser.items).toEqual([]);
    const future = (await send(admin, 'GET', `/api/admin/change-infos?from=2099-01-01`)).json();
    expect(future.items).toEqual([]);
    const past = (await send(admin, 'GET', `/api/admin/change-infos?to=2000-01-01&entity=post`)).json();
    expect(past.items).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
    const todays = (await send(admin, 'GET', `/api/admin/change-infos?from=${today}&to=${today}&entity_id=${id}`)).json();
    expect(todays.items).toHaveLength(2);
  });
});

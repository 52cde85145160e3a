import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveFile } from '~/core/files/storage.server';
import { getStorage } from '~/core/files/storage.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { posts, realizations, staticSites, videos } from '../content.schema';
import { contentSeeder } from '../demo/content.seed.server';
import { contentFileAccess } from '../file-access.server';
import { contentFileReferences } from '../file-references.server';
import { listRealizations, listVideos } from '../media.server';
import { findPost, listPosts, POSTS_PER_PAGE } from '../posts.server';
import { allStaticSites, findStaticSite, knowledgeBaseItems, searchKnowledgeBase } from '../static-sites.server';
import { setUserRolesLookup } from '../viewer.server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const db = () => t.database.db;

async function insertPost(n: number, opts: { daysAgo: number; published?: boolean }) {
  const [row] = await db()
    .insert(posts)
    .values({
      titlePl: `Wpis ${n}`,
      titleEn: `Post ${n}`,
      slugPl: `wpis-${n}`,
      slugEn: `post-${n}`,
      leadPl: `Zajawka ${n}`,
      leadEn: '',
      contentPl: `<p>Treść ${n}</p>`,
      contentEn: `<p>Content ${n}</p>`,
      isPublished: opts.published ?? true,
      publishedAt: new Date(Date.now() - opts.daysAgo * DAY),
    })
    .returning();
  return row;
}

const session = (userId: number | null) =>
  ({ session: async () => ({ id: 's', isNew: false, userId, data: {} }) }) as unknown as Pick<FastifyRequest, 'session'>;

describe('news posts', () => {
  const published: number[] = [];
  let draftId = 0;
  let futureId = 0;

  beforeAll(async () => {
    // 11 published posts, inserted out of date order; a draft and a scheduled post are newer.
    for (const [i, daysAgo] of [5, 1, 9, 3, 11, 7, 2, 10, 4, 8, 6].entries()) {
      published.push((await insertPost(i + 1, { daysAgo })).id);
    }
    draftId = (await insertPost(100, { daysAgo: 0, published: false })).id;
    futureId = (await insertPost(101, { daysAgo: -3 })).id;
  });

  it('lists 9 published posts per page, newest first', async () => {
    const first = await listPosts('pl', 1);
    expect(POSTS_PER_PAGE).toBe(9);
    expect(first.items).toHaveLength(9);
    expect(first.pages).toBe(2);
    expect(first.total).toBe(11);
    const dates = first.items.map((p) => Date.parse(p.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // 1 day ago is "Wpis 2", 2 days ago "Wpis 7".
    expect(first.items.slice(0, 2).map((p) => p.title)).toEqual(['Wpis 2', 'Wpis 7']);

    const second = await listPosts('pl', 2);
    expect(second.items.map((p) => p.title)).toEqual(['Wpis 8', 'Wpis 5']);
    expect(new Set([...first.items, ...second.items].map((p) => p.id))).toEqual(new Set(published));
  });

  it('never shows drafts or posts scheduled for later', async () => {
    const all = [...(await listPosts('pl', 1)).items, ...(await listPosts('pl', 2)).items].map((p) => p.id);
    expect(all).not.toContain(draftId);
    expect(all).not.toContain(futureId);
    expect(await findPost(draftId, 'pl')).toBeUndefined();
    expect(await findPost(futureId, 'pl')).toBeUndefined();
    expect((await findPost(published[0], 'pl'))?.title).toBe('Wpis 1');
  });

  it('uses the page language and falls back to Polish where the English text is empty', async () => {
    const post = await findPost(published[0], 'en');
    expect(post?.title).toBe('Post 1');
    expect(post?.slug).toBe('post-1');
    expect(post?.lead).toBe('Zajawka 1');
    expect(post?.slugs).toEqual({ pl: 'wpis-1', en: 'post-1' });
  });

  it('answers GET /api/posts as a paged list', async () => {
    const client = new TestClient(t.app);
    const res = await client.get('/api/posts?page=2', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pages).toBe(2);
    expect(body.items.map((p: { title: string }) => p.title)).toEqual(['Post 8', 'Post 5']);
    const bad = await client.get('/api/posts?page=abc');
    expect(bad.json().page).toBe(1);
    expect(bad.json().items).toHaveLength(9);
    // A page number past the last is the last page (issue 41 point 11), not "page 99 of 2" over nothing.
    const past = (await client.get('/api/posts?page=99', { 'accept-language': 'en' })).json();
    expect(past.page).toBe(2);
    expect(past.items.map((p: { title: string }) => p.title)).toEqual(['Post 8', 'Post 5']);
  });
});

describe('static sites', () => {
  let openFileId = '';
  let restrictedFileId = '';

  beforeAll(async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    openFileId = (await saveFile({ data: pdf, filename: 'katalog.pdf', contentType: 'application/pdf' })).id;
    restrictedFileId = (await saveFile({ data: pdf, filename: 'cennik.pdf', contentType: 'application/pdf' })).id;
    await db()
      .insert(staticSites)
      .values([
        {
          slug: 'katalog',
          namePl: 'Katalog',
          nameEn: 'Catalogue',
          destination: 'Materiały',
          resourceFileId: openFileId,
          resourceFilename: 'katalog.pdf',
          position: 1,
        },
        {
          slug: 'cennik',
          namePl: 'Cennik',
          nameEn: 'Price list',
          destination: 'Materiały',
          roleIds: [1],
          resourceFileId: restrictedFileId,
          resourceFilename: 'cennik.pdf',
          position: 2,
        },
        { slug: 'deklaracja', namePl: 'Deklaracja', nameEn: '', destination: 'Dokumenty', contentPl: '<p>PL</p>', position: 3 },
        { slug: 'regulamin', namePl: 'Regulamin', nameEn: 'Terms', destination: 'other', contentPl: '<p>PL</p>', contentEn: '<p>EN</p>', position: 4 },
      ]);
    t.app.log.level = 'silent';
    const { clearPageCache } = await import('~/core/server/page-cache.server');
    clearPageCache();
  });

  it('GET /api/static-sites?all=1 keeps its shape and links open files only', async () => {
    const res = await new TestClient(t.app).get('/api/static-sites?all=1');
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((s) => s.slug)).toEqual(['katalog', 'cennik', 'deklaracja', 'regulamin']);
    expect(list[0]).toMatchObject({ slug: 'katalog', name: 'Katalog', destination: 'Materiały', role_ids: [], resource_filename: 'katalog.pdf' });
    expect(typeof list[0].id).toBe('number');
    expect(list[0].resource_url).toBe(`/files/${openFileId}/katalog.pdf?inline=1`);
    expect(list[1].resource_url).toBeNull();
    expect(list[2].resource_url).toBeNull();
  });

  it('lists the sites of one knowledge-base section with their file details', async () => {
    const items = await knowledgeBaseItems('en', 'Materiały');
    expect(items.map((i) => i.name)).toEqual(['Catalogue', 'Price list']);
    expect(items[0].file).toEqual({ type: 'application/pdf', size: 15 });
    expect((await knowledgeBaseItems('en', 'Dokumenty')).map((i) => i.name)).toEqual(['Deklaracja']);
    expect(await knowledgeBaseItems('pl', 'Instrukcje')).toEqual([]);
  });

  it('searches the sites of the three knowledge-base sections by name, file name and text, without accents', async () => {
    const found = await searchKnowledgeBase('en', 'DEKLARACJA');
    expect(found.map((i) => [i.name, i.section])).toEqual([['Deklaracja', 'Dokumenty']]);
    expect((await searchKnowledgeBase('en', 'price')).map((i) => [i.name, i.section])).toEqual([['Price list', 'Materiały']]);
    expect((await searchKnowledgeBase('pl', 'katalog.pdf')).map((i) => i.slug)).toEqual(['katalog']);
    // Pages outside the three sections are not part of the knowledge base.
    expect(await searchKnowledgeBase('en', 'terms')).toEqual([]);
    expect(await searchKnowledgeBase('en', '   ')).toEqual([]);
    expect(await searchKnowledgeBase('pl', 'zzzz-nothing')).toEqual([]);
  });

  it('finds a site by slug in the page language', async () => {
    expect((await findStaticSite('regulamin', 'en'))?.content).toBe('<p>EN</p>');
    expect((await findStaticSite('deklaracja', 'en'))?.content).toBe('<p>PL</p>');
    expect((await findStaticSite('cennik', 'pl'))?.roleIds).toEqual([1]);
    expect(await findStaticSite('nope', 'pl')).toBeUndefined();
  });

  it('gives knowledge-base sites English addresses and file names on the English pages', async () => {
    // A knowledge-base site with an English name: its English slug and file name; others keep theirs.
    expect((await allStaticSites('en')).map((s) => s.slug)).toEqual(['catalogue', 'price-list', 'deklaracja', 'regulamin']);
    expect((await allStaticSites('en'))[0].resource_url).toBe(`/files/${openFileId}/catalogue.pdf?inline=1`);
    expect((await allStaticSites('pl')).map((s) => s.slug)).toEqual(['katalog', 'cennik', 'deklaracja', 'regulamin']);
    expect((await knowledgeBaseItems('en', 'Materiały'))[0]).toMatchObject({ slug: 'catalogue', resource_filename: 'katalog.pdf' });
    // Either address finds the site; the page gets the address of its language (and redirects to it).
    const en = await findStaticSite('katalog', 'en');
    expect(en).toMatchObject({ slug: 'catalogue', slugs: { pl: 'katalog', en: 'catalogue' }, name: 'Catalogue' });
    expect(en?.file).toMatchObject({ name: 'catalogue.pdf', url: `/files/${openFileId}/catalogue.pdf?inline=1` });
    const pl = await findStaticSite('catalogue', 'pl');
    expect(pl).toMatchObject({ slug: 'katalog', name: 'Katalog' });
    expect(pl?.file?.name).toBe('katalog.pdf');
    expect((await findStaticSite('regulamin', 'en'))?.slugs).toEqual({ pl: 'regulamin', en: 'regulamin' });
    // The file downloads under the English name too.
    const file = await new TestClient(t.app).get(`/files/${openFileId}/catalogue.pdf?inline=1`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('catalogue.pdf');
  });

  it('lets everyone download an open site file, and a restricted one only with a listed role', async () => {
    const open = { id: openFileId } as Parameters<typeof contentFileAccess>[0];
    const restricted = { id: restrictedFileId } as Parameters<typeof contentFileAccess>[0];
    expect(await contentFileAccess(open, session(null))).toBe('public');
    expect(await contentFileAccess(restricted, session(null))).toBe(false);
    setUserRolesLookup(async (userId) => (userId === 7 ? [1] : [2]));
    try {
      expect(await contentFileAccess(restricted, session(8))).toBe(false);
      expect(await contentFileAccess(restricted, session(7))).toBe('private');
    } finally {
      setUserRolesLookup(async () => []);
    }
    expect(await contentFileAccess({ id: randomUUID() } as Parameters<typeof contentFileAccess>[0], session(null))).toBe(false);
  });

  it('serves post images only while the post is published', async () => {
    const image = await saveFile({ data: Buffer.from('img'), filename: 'a.webp', contentType: 'image/webp' });
    const [post] = await db()
      .insert(posts)
      .values({ titlePl: 'Szkic', titleEn: 'Draft', slugPl: 'szkic', slugEn: 'draft', imageFileId: image.id, isPublished: false })
      .returning();
    expect(await contentFileAccess(image, session(null))).toBe(false);
    await db().update(posts).set({ isPublished: true }).where(eq(posts.id, post.id));
    expect(await contentFileAccess(image, session(null))).toBe('public');
  });
});

describe('demo content', () => {
  it('seeds bilingual posts with images, policies, knowledge-base files, realizations and videos', async () => {
    const fresh = await createTestApp();
    try {
      await contentSeeder.seed(() => {});
      const d = fresh.database.db;
      const allPosts = await d.select().from(posts);
      const live = allPosts.filter((p) => p.isPublished);
      expect(live.length).toBeGreaterThanOrEqual(12);
      expect(live.every((p) => p.titleEn && p.contentEn && p.leadPl && p.imageFileId)).toBe(true);
      const img = await (await import('~/core/files/storage.server')).findFile(live[0].imageFileId as string);
      expect(img?.contentType).toBe('image/webp');
      expect((await getStorage().get(img?.storageKey as string)).subarray(8, 12).toString()).toBe('WEBP');

      const sites = await d.select().from(staticSites);
      const slugs = sites.map((s) => s.slug);
      for (const slug of ['polityka-prywatnosci', 'polityka-cookies', 'regulamin', 'regulamin-newslettera']) expect(slugs).toContain(slug);
      for (const section of ['Materiały', 'Dokumenty', 'Instrukcje'] as const) {
        const withFile = sites.filter((s) => s.destination === section && s.resourceFileId);
        expect(withFile.length).toBeGreaterThanOrEqual(3);
      }
      const pdf = await (await import('~/core/files/storage.server')).findFile(sites.find((s) => s.resourceFileId)?.resourceFileId as string);
      expect((await getStorage().get(pdf?.storageKey as string)).subarray(0, 5).toString()).toBe('%PDF-');
      expect(sites.filter((s) => s.roleIds.includes(1))).toHaveLength(1);

      expect((await listRealizations('pl')).length).toBeGreaterThanOrEqual(6);
      const all = await d.select().from(videos);
      expect(all.length).toBeGreaterThanOrEqual(6);
      expect(all.every((v) => /^[A-Za-z0-9_-]{11}$/.test(v.youtubeId))).toBe(true);
      expect((await listVideos('en', true)).length).toBe(3);
      // Every demo video has a poster (shown under the consent notice): a public WebP the file
      // collector keeps.
      const shown = await listVideos('pl', false);
      expect(shown.every((v) => v.poster?.fileId && v.poster.width === 1200 && v.poster.height === 675)).toBe(true);
      const posterId = shown[0].poster?.fileId as string;
      expect(await contentFileAccess({ id: posterId } as Parameters<typeof contentFileAccess>[0], session(null))).toBe('public');
      expect(await contentFileReferences(d)).toContain(posterId);
      await d.update(videos).set({ posterFileId: null });
      expect(await contentFileAccess({ id: posterId } as Parameters<typeof contentFileAccess>[0], session(null))).toBe(false);
      expect((await listVideos('pl', false)).every((v) => v.poster === null)).toBe(true);
      expect((await d.select().from(realizations)).every((r) => r.imageFileId && r.location && r.year)).toBe(true);
      expect((await allStaticSites('en')).find((s) => s.slug === 'regulamin')?.name).toBe('Terms of service');
    } finally {
      await fresh.close();
    }
  });
});

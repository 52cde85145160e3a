import { and, asc, eq, gt, lte, min } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { localizedPath, samePath, type SitemapPage, type SitemapSource } from '~/core/seo/sitemap';
import { posts } from './content.schema';
import { KNOWLEDGE_BASE_SECTIONS } from './knowledge-base';
import { publicStaticSitePaths } from './static-sites.server';

/** Content pages without database rows, in both languages under the same path. */
const FIXED_PATHS = [
  '',
  '/posts',
  // The knowledge base opens on its first section (Materiały), whose canonical URL has no query.
  '/knowledge-base',
  ...KNOWLEDGE_BASE_SECTIONS.slice(1).map((s) => `/knowledge-base?section=${encodeURIComponent(s)}`),
  '/guarantee',
  '/about',
  '/about-cobi',
  '/videos',
  '/videos-instructional',
  '/realizations',
  '/contact',
];

/** The content's public pages: fixed pages, published posts and static pages open to everyone. */
export const contentSitemap: SitemapSource = async (now) => {
  const db = getDb();
  const [postRows, siteRows, [nextPost]] = await Promise.all([
    db
      .select({ id: posts.id, slugPl: posts.slugPl, slugEn: posts.slugEn, updatedAt: posts.updatedAt })
      .from(posts)
      .where(and(eq(posts.isPublished, true), lte(posts.publishedAt, now)))
      .orderBy(asc(posts.id)),
    publicStaticSitePaths(),
    db
      .select({ at: min(posts.publishedAt) })
      .from(posts)
      .where(and(eq(posts.isPublished, true), gt(posts.publishedAt, now))),
  ]);
  const pages: SitemapPage[] = FIXED_PATHS.map((p) => ({ paths: samePath(p) }));
  for (const p of postRows) pages.push({ paths: localizedPath('/post', p.id, p.slugPl, p.slugEn), lastmod: p.updatedAt });
  for (const s of siteRows) pages.push({ paths: s.paths, lastmod: s.updatedAt });
  return { pages, nextChange: nextPost?.at ?? null };
};

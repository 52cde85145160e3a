import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { getDb } from '~/core/db/db.server';
import type { FileAccess } from '~/core/files/access.server';
import type { StoredFile } from '~/core/files/storage.server';
import { posts, realizations, staticSites, videos } from './content.schema';
import { canViewStaticSite } from './static-site-access';
import { staticSiteViewer } from './viewer.server';

/**
 * Who may download the files the content pages link: images of published posts and of
 * realizations and video posters for everyone; a static site's file for everyone when the site is open to all,
 * otherwise only for a logged-in visitor holding one of its roles (SPEC section 6).
 */
export async function contentFileAccess(file: StoredFile, request: Pick<FastifyRequest, 'session'>): Promise<FileAccess> {
  const db = getDb();
  const [post, realization, video, sites] = await Promise.all([
    db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.imageFileId, file.id), eq(posts.isPublished, true), lte(posts.publishedAt, sql`now()`)))
      .limit(1),
    db.select({ id: realizations.id }).from(realizations).where(eq(realizations.imageFileId, file.id)).limit(1),
    db.select({ id: videos.id }).from(videos).where(eq(videos.posterFileId, file.id)).limit(1),
    db.select({ roleIds: staticSites.roleIds }).from(staticSites).where(eq(staticSites.resourceFileId, file.id)),
  ]);
  if (post.length > 0 || realization.length > 0 || video.length > 0) return 'public';
  if (sites.length === 0) return false;
  if (sites.some((s) => s.roleIds.length === 0)) return 'public';
  const viewer = await staticSiteViewer(await request.session());
  return sites.some((s) => canViewStaticSite(s, viewer)) ? 'private' : false;
}

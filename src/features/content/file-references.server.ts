import type { Db } from '~/core/db/client.server';
import { type FileReferenceSource, fileIdsInHtml } from '~/core/files/references.server';
import { posts, realizations, staticSites, videos } from './content.schema';

/** Files the content uses: post and realization images, video posters, static-page resources, and links in rich text. */
export const contentFileReferences: FileReferenceSource = async (db: Db) => {
  const [postRows, siteRows, realizationRows, videoRows] = await Promise.all([
    db.select({ image: posts.imageFileId, lpl: posts.leadPl, len: posts.leadEn, pl: posts.contentPl, en: posts.contentEn }).from(posts),
    db.select({ file: staticSites.resourceFileId, pl: staticSites.contentPl, en: staticSites.contentEn }).from(staticSites),
    db.select({ image: realizations.imageFileId, pl: realizations.descriptionPl, en: realizations.descriptionEn }).from(realizations),
    db.select({ poster: videos.posterFileId, pl: videos.descriptionPl, en: videos.descriptionEn }).from(videos),
  ]);
  const ids: string[] = [];
  const html = (...parts: (string | null)[]) => parts.flatMap((p) => fileIdsInHtml(p));
  for (const p of postRows) ids.push(...(p.image ? [p.image] : []), ...html(p.lpl, p.len, p.pl, p.en));
  for (const s of siteRows) ids.push(...(s.file ? [s.file] : []), ...html(s.pl, s.en));
  for (const r of realizationRows) ids.push(...(r.image ? [r.image] : []), ...html(r.pl, r.en));
  for (const v of videoRows) ids.push(...(v.poster ? [v.poster] : []), ...html(v.pl, v.en));
  return ids;
};

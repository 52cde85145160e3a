import { isNotNull, like, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '~/core/db/client.server';
import { type FileReferenceSource, fileIdsInHtml } from '~/core/files/references.server';
import { categories, productDocuments, productImages, products } from './catalog.schema';

const linksFiles = (column: AnyPgColumn) => or(like(column, '%/files/%'), like(column, '%/img/%'));

/** Files the catalogue uses: category images, datasheets, product documents and images, and links in descriptions. */
export const catalogFileReferences: FileReferenceSource = async (db: Db) => {
  const [categoryRows, productRows, documents, images] = await Promise.all([
    db.select({ image: categories.imageFileId, pl: categories.descriptionPl, en: categories.descriptionEn }).from(categories),
    db
      .select({ datasheet: products.datasheetFileId, pl: products.descriptionPl, en: products.descriptionEn })
      .from(products)
      .where(or(isNotNull(products.datasheetFileId), linksFiles(products.descriptionPl), linksFiles(products.descriptionEn))),
    db.select({ id: productDocuments.fileId }).from(productDocuments),
    db.select({ id: productImages.fileId }).from(productImages),
  ]);
  const ids: string[] = [];
  for (const c of categoryRows) ids.push(...(c.image ? [c.image] : []), ...fileIdsInHtml(c.pl), ...fileIdsInHtml(c.en));
  for (const p of productRows) ids.push(...(p.datasheet ? [p.datasheet] : []), ...fileIdsInHtml(p.pl), ...fileIdsInHtml(p.en));
  for (const d of documents) ids.push(d.id);
  for (const i of images) ids.push(i.id);
  return ids;
};

// Names of product documents and datasheets as a page of one language shows them (issue 17: on the
// English pages nothing is Polish, the download names included). Shared by the product page and
// the knowledge base's list of product documents.
import type { Locale } from '~/core/i18n/locale';
import { slugify } from '~/core/text';

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot).toLowerCase() : '';
}

/** A document's name: the English one on English pages, the Polish one when it has no English name. */
export function documentName(locale: Locale, d: { namePl: string; nameEn: string }): string {
  return (locale === 'en' && d.nameEn.trim()) || d.namePl;
}

/**
 * The name a document downloads under: the stored file name on Polish pages and for a file made for
 * English; on English pages a file shared by both languages downloads under its English name with the
 * stored extension ("declaration-of-performance-dop-2024-01-class-dca.pdf"), or under the stored name
 * when it has no English name.
 */
export function documentFilename(locale: Locale, d: { nameEn: string; filename: string; locale?: 'pl' | 'en' | null }): string {
  if (locale === 'pl' || d.locale === 'en') return d.filename;
  const ext = extensionOf(d.filename);
  // "CAD drawing CN-SS-42U (DXF)" -> "cad-drawing-cn-ss-42u.dxf", not "…-dxf.dxf".
  const base = slugify(d.nameEn).replace(new RegExp(`-${ext.slice(1)}$`), '');
  return base ? `${base}${ext}` : d.filename;
}

/** The name a product's datasheet downloads under: the stored one in Polish, "datasheet-{English slug}" in English. */
export function datasheetFilename(locale: Locale, filename: string, slugEn: string): string {
  if (locale === 'pl') return filename;
  const base = slugify(slugEn);
  return base ? `datasheet-${base}${extensionOf(filename)}` : filename;
}

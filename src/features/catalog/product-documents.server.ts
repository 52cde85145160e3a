// The product documents as one library (issue 17: the knowledge base lists the declarations,
// certificates, CAD drawings and Revit families of the catalogue by type, and searches them).
// A file attached to many products (a shared declaration) is one entry that names its products.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { fileUrl } from '~/core/files/urls';
import type { Locale } from '~/core/i18n/locale';
import { onCacheClear } from '~/core/server/page-cache.server';
import { foldText } from '~/core/text';
import { DOCUMENT_TYPES, type DocumentType, productDocuments, products } from './catalog.schema';
import { categoryIndex } from './categories.server';
import { documentFilename, documentName } from './document-names';
import { productPath } from './search';

/** How many products an entry names; the rest are counted. */
const NAMED_PRODUCTS = 3;

export interface LibraryDocument {
  fileId: string;
  type: DocumentType;
  /** The document's name in the page's language (Polish only when it has no English name). */
  name: string;
  /** The name it downloads under (see documentFilename). */
  filename: string;
  url: string;
  size: number;
  contentType: string;
  /** The first products it belongs to, by name, with their page addresses. */
  products: { id: number; name: string; href: string }[];
  productCount: number;
}

export interface LibraryDocumentGroup {
  type: DocumentType;
  /** Entries of this type (that match the search, if any). */
  total: number;
  items: LibraryDocument[];
}

interface Entry {
  fileId: string;
  type: DocumentType;
  locale: 'pl' | 'en' | null;
  namePl: string;
  nameEn: string;
  filename: string;
  contentType: string;
  size: number;
  productCount: number;
  productIds: number[];
}

interface Library {
  entries: Entry[];
  productsById: Map<number, { namePl: string; nameEn: string; slugPl: string; slugEn: string }>;
}

let cache: Promise<Library> | undefined;
onCacheClear(() => {
  cache = undefined;
});

async function load(): Promise<Library> {
  const db = getDb();
  const index = await categoryIndex();
  const visible = [...index.visible.keys()];
  const rows = await db
    .select({
      fileId: productDocuments.fileId,
      type: productDocuments.type,
      locale: productDocuments.locale,
      namePl: sql<string>`min(${productDocuments.namePl})`,
      nameEn: sql<string>`min(${productDocuments.nameEn})`,
      filename: files.originalName,
      contentType: files.contentType,
      size: files.size,
      productCount: sql<number>`count(distinct ${products.id})::int`,
      productIds: sql<number[] | string>`to_json((array_agg(distinct ${products.id}))[1:${sql.raw(String(NAMED_PRODUCTS))}])`,
    })
    .from(productDocuments)
    .innerJoin(files, eq(files.id, productDocuments.fileId))
    .innerJoin(products, eq(products.id, productDocuments.productId))
    .where(
      and(
        eq(products.isActive, true),
        lte(products.publishedAt, sql`now()`),
        index.allVisible ? undefined : visible.length ? inArray(products.categoryId, visible) : sql`false`,
      ),
    )
    .groupBy(productDocuments.fileId, productDocuments.type, productDocuments.locale, files.originalName, files.contentType, files.size);
  const entries: Entry[] = rows.map((r) => ({
    ...r,
    productCount: Number(r.productCount),
    productIds: (typeof r.productIds === 'string' ? (JSON.parse(r.productIds) as number[]) : (r.productIds ?? [])).map(Number),
  }));
  const ids = [...new Set(entries.flatMap((e) => e.productIds))];
  const named = ids.length
    ? await db
        .select({ id: products.id, namePl: products.namePl, nameEn: products.nameEn, slugPl: products.slugPl, slugEn: products.slugEn })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  return { entries, productsById: new Map(named.map((p) => [p.id, p])) };
}

function library(): Promise<Library> {
  cache ??= load().catch((e) => {
    cache = undefined;
    throw e;
  });
  return cache;
}

/**
 * The public product documents of one language (files for both languages and those made for it),
 * grouped by type in the SPEC order. `search` keeps the entries whose document name (either
 * language), file name or named products contain every word; `type` keeps one type; `limit` cuts
 * each group (its `total` still counts all).
 */
export async function productDocumentLibrary(
  locale: Locale,
  opts: { search?: string; type?: DocumentType; limit?: number } = {},
): Promise<LibraryDocumentGroup[]> {
  const { entries, productsById } = await library();
  const words = foldText(opts.search ?? '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const collator = new Intl.Collator(locale);
  const groups: LibraryDocumentGroup[] = [];
  for (const type of DOCUMENT_TYPES) {
    if (opts.type && opts.type !== type) continue;
    const items = entries
      .filter((e) => e.type === type && (e.locale === null || e.locale === locale))
      .map((e): LibraryDocument & { haystack: string } => {
        const named = e.productIds.flatMap((id) => {
          const p = productsById.get(id);
          if (!p) return [];
          const name = (locale === 'en' && p.nameEn) || p.namePl;
          return [{ id, name, href: productPath(locale, id, locale === 'en' ? p.slugEn : p.slugPl) }];
        });
        const filename = documentFilename(locale, e);
        return {
          fileId: e.fileId,
          type,
          name: documentName(locale, e),
          filename,
          url: fileUrl(e.fileId, filename),
          size: e.size,
          contentType: e.contentType,
          products: named.sort((a, b) => collator.compare(a.name, b.name)),
          productCount: e.productCount,
          haystack: foldText([e.namePl, e.nameEn, e.filename, filename, ...named.map((p) => p.name)].join(' ')).replace(/[^a-z0-9]+/g, ' '),
        };
      })
      .filter((e) => words.every((w) => e.haystack.includes(w)))
      .sort((a, b) => collator.compare(a.name, b.name));
    if (items.length === 0) continue;
    const cut = opts.limit ? items.slice(0, opts.limit) : items;
    groups.push({ type, total: items.length, items: cut.map(({ haystack: _, ...item }) => item) });
  }
  return groups;
}

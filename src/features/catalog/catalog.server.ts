import { eq, inArray, or, sql } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import type { StoredImage } from '~/core/files/responsive-image';
import { DEFAULT_PER_PAGE, type Paged, pageWithin } from '~/core/http/pagination';
import type { Locale } from '~/core/i18n/locale';
import { catalogIndex } from './catalog-index.server';
import {
  categories,
  type DocumentType,
  DOCUMENT_TYPES,
  productCatalogNumbers,
  productDocuments,
  productImages,
  products,
  type RelationKind,
  VERSION_CHOICE,
  VERSIONS,
} from './catalog.schema';
import { categoryIndex } from './categories.server';
import { buyableSqlText } from './buyable.server';
import { datasheetFilename, documentFilename, documentName } from './document-names';
import { queryPrepared } from '~/core/db/prepared.server';
import { queryGroups } from './search';
import { PRODUCT_VALUES_JSON_SQL, productSpecs, type SpecRow, type StoredValue } from './attributes.server';
import type { FacetSelection, FacetView, ListingSort } from './facets';
import { type Availability, availabilityOf, type StockRow, type StockSummary, summarizeStock } from './availability';
import { todayInWarsaw } from '~/core/time/days';

/** A product in a grid: image, name, first catalogue number. */
export interface ProductCard {
  id: number;
  name: string;
  slug: string;
  number: string | null;
  image: StoredImage | null;
  /** Key attributes (at most two): name and value in the page's language. */
  attrs?: { name: string; value: string }[];
}

export interface ListInput {
  locale: Locale;
  /** Products of this category and of all its subcategories; all products when absent. */
  categoryId?: number;
  /** Visitor's query over names, numbers, leads and descriptions in both languages. */
  search?: string;
  page?: number;
  perPage?: number;
  /** Chosen facet values (`f.{code}` parameters). */
  selection?: FacetSelection;
  sort?: ListingSort;
  /** Only products with a catalogue number in stock (issue 39). */
  inStock?: boolean;
}

export interface ProductList extends Paged<ProductCard> {
  facets: FacetView[];
}

/**
 * One page of public products, sorted by name (accents ignored, numbers in numeric order): of a
 * category with all its descendants, matching a search (every word must start a word of a
 * product's name, catalogue number, lead or description, in either language), or all of them.
 * 24 per page by default.
 */
export async function listProducts(input: ListInput): Promise<ProductList> {
  const perPage = input.perPage ?? DEFAULT_PER_PAGE;
  const page = Math.max(1, input.page ?? 1);
  const [index, categoriesIndex] = await Promise.all([catalogIndex(), categoryIndex()]);
  let allowed: Set<number> | null = null;
  if (input.categoryId !== undefined) {
    const ids = categoriesIndex.descendantIds(input.categoryId);
    if (ids.length === 0) return { items: [], pages: 1, page, total: 0, facets: [] };
    allowed = new Set(ids);
  } else if (!categoriesIndex.allVisible) {
    // Products of hidden (inactive) branches stay hidden in the full list too.
    allowed = new Set(categoriesIndex.visible.keys());
  }
  const groups = input.search?.trim() ? queryGroups(input.search) : [];
  // A query without any searchable word (only punctuation) matches nothing.
  if (input.search?.trim() && groups.length === 0) return { items: [], pages: 1, page, total: 0, facets: [] };
  const query = (offset: number) =>
    index.query({
      locale: input.locale,
      categories: allowed,
      groups,
      offset,
      limit: perPage,
      selection: input.selection,
      sort: input.sort,
      inStock: input.inStock,
    });
  const first = query((page - 1) * perPage);
  // A page past the last shows the last page (the index is in memory: asking again is cheap).
  const within = pageWithin(page, first.total, perPage);
  const { total, items, facets } = within.page === page ? first : query(within.offset);
  return { items, pages: within.pages, page: within.page, total, facets };
}

export interface CategoryLink {
  id: number;
  name: string;
  slug: string;
}

export interface CatalogNumber {
  id: number;
  number: string;
  name: string;
  multiple: number;
  unit: string;
  /** Its stock summed over the warehouses (null: nothing reported) and what a buyer is told (issue 39). */
  stock: StockSummary | null;
  availability: Availability;
}

export interface DownloadFile {
  fileId: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface ProductDocument extends DownloadFile {
  name: string;
}

export interface ProductPage {
  id: number;
  name: string;
  slug: string;
  /** The product's slug in each locale (the language switch and hreflang links). */
  slugs: Record<Locale, string>;
  lead: string;
  /** Sanitized HTML, as stored. */
  description: string;
  category: CategoryLink | null;
  /** Categories from the main one down to the product's own. */
  trail: CategoryLink[];
  numbers: CatalogNumber[];
  /** SPEC section 9: Flatpack and Szafa złożona when choice_of_version is 'Flatpack/Szafa złożona'. */
  versions: string[];
  images: StoredImage[];
  datasheet: DownloadFile | null;
  /** Documents by type, in the order of SPEC section 1; types without documents are left out. */
  documents: { type: DocumentType; items: ProductDocument[] }[];
  /** The specification table: attribute names and values in the page's language, with units. */
  specs: SpecRow[];
  publishedAt: string;
  /**
   * Related products: those the administrator chose (public ones, in their order), then other
   * products of the same category (its parent's when it has no other) up to RELATED_COUNT.
   */
  related: ProductCard[];
  /** Accessories the administrator chose (public ones, in their order); empty when none. */
  accessories: ProductCard[];
}

/** The versions a product is offered in (none unless it has the Flatpack/assembled choice). */
export function versionsOf(choiceOfVersion: string | null): string[] {
  return choiceOfVersion === VERSION_CHOICE ? [...VERSIONS] : [];
}

interface NumberJson {
  id: number;
  stock: StockRow[] | null;
  number: string;
  namePl: string;
  nameEn: string;
  multiple: number | string;
  unit: string;
}
interface ImageJson {
  fileId: string;
  altPl: string;
  altEn: string;
  width: number | null;
  height: number | null;
}
interface DocumentJson extends DownloadFile {
  type: DocumentType;
  locale: 'pl' | 'en' | null;
  namePl: string;
  nameEn: string;
}

interface ProductRow {
  id: number;
  categoryId: number;
  namePl: string;
  nameEn: string;
  slugPl: string;
  slugEn: string;
  lead: string;
  description: string;
  choiceOfVersion: string | null;
  publishedAt: Date | string;
  numbers: NumberJson[] | string;
  images: ImageJson[] | string;
  documents: DocumentJson[] | string;
  datasheet: DownloadFile | string | null;
  relations: { id: number; kind: RelationKind }[] | string;
  attributes: StoredValue[] | string;
}

/** Everything a product page shows in one statement ($1 id, $2 locale); lead and description of the locale. */
const PRODUCT_PAGE_SQL = `select p.id, p.category_id as "categoryId", p.name_pl as "namePl", p.name_en as "nameEn",
  p.slug_pl as "slugPl", p.slug_en as "slugEn",
  case when $2 = 'en' then p.lead_en else p.lead_pl end as "lead",
  case when $2 = 'en' then p.description_en else p.description_pl end as "description",
  p.choice_of_version as "choiceOfVersion", p.published_at as "publishedAt",
  coalesce((select json_agg(json_build_object('id', n.id, 'stock', (select json_agg(json_build_object('quantity', s.quantity, 'next_delivery_date', s.next_delivery_date, 'lead_time_days', s.lead_time_days))
      from catalog_number_stock s where s.catalog_number_id = n.id), 'number', n.number, 'namePl', n.name_pl, 'nameEn', n.name_en, 'multiple', n.multiple, 'unit', n.multiple_unit) order by n.position, n.id)
    from product_catalog_numbers n where n.product_id = p.id), '[]'::json) as "numbers",
  coalesce((select json_agg(json_build_object('fileId', i.file_id, 'altPl', i.alt_pl, 'altEn', i.alt_en, 'width', f.width, 'height', f.height) order by i.position, i.id)
    from product_images i join files f on f.id = i.file_id where i.product_id = p.id), '[]'::json) as "images",
  coalesce((select json_agg(json_build_object('type', d.type, 'locale', d.locale, 'namePl', d.name_pl, 'nameEn', d.name_en, 'fileId', f.id, 'filename', f.original_name, 'contentType', f.content_type, 'size', f.size) order by d.position, d.id)
    from product_documents d join files f on f.id = d.file_id where d.product_id = p.id and (d.locale is null or d.locale = $2)), '[]'::json) as "documents",
  (select json_build_object('fileId', f.id, 'filename', f.original_name, 'contentType', f.content_type, 'size', f.size) from files f where f.id = p.datasheet_file_id) as "datasheet",
  coalesce((select json_agg(json_build_object('id', r.related_product_id, 'kind', r.kind) order by r.kind, r.position, r.id)
    from product_relations r where r.product_id = p.id), '[]'::json) as "relations",
  ${PRODUCT_VALUES_JSON_SQL} as "attributes"
from products p where p.id = $1 and ${buyableSqlText('p')}`;

// Reads of the same product page under way: a B2B customer's product page asks twice (the page
// and its add-to-cart), crawlers ask at once. A caller joining one gets data read at that moment.
const productReads = new Map<string, Promise<ProductPage | null>>();

/**
 * A public product with everything its page shows (one prepared query), or null (unknown or not
 * buyable: inactive, unpublished, hidden category; buyable.server.ts). Shared by concurrent callers: never modify it.
 */
export function getProduct(id: number, locale: Locale): Promise<ProductPage | null> {
  const key = `${id}|${locale}`;
  let read = productReads.get(key);
  if (!read) {
    read = readProduct(id, locale).finally(() => productReads.delete(key));
    productReads.set(key, read);
  }
  return read;
}

async function readProduct(id: number, locale: Locale): Promise<ProductPage | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await queryPrepared<ProductRow>('catalog_product_page', PRODUCT_PAGE_SQL, [id, locale]);
  if (!row) return null;
  // Drivers hand json columns over parsed; a plain string is parsed here just in case.
  const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  const [index, specs] = await Promise.all([categoryIndex(), productSpecs(row.id, json(row.attributes), locale)]);
  const numbers = json(row.numbers);
  const today = todayInWarsaw();
  const images = json(row.images);
  const documents = json(row.documents);
  const datasheet = row.datasheet ? json<DownloadFile>(row.datasheet) : null;
  const relations = json(row.relations);
  const name = locale === 'pl' ? row.namePl : row.nameEn;
  const trail = index.trail(row.categoryId).map(categoryLink(locale));
  return {
    id: row.id,
    name,
    slug: locale === 'pl' ? row.slugPl : row.slugEn,
    slugs: { pl: row.slugPl, en: row.slugEn },
    lead: row.lead,
    description: row.description,
    category: trail[trail.length - 1] ?? null,
    trail,
    numbers: numbers.map((n) => {
      const stock = summarizeStock(
        (n.stock ?? []).map((r) => ({ ...r, quantity: Number(r.quantity) })),
        today,
      );
      return {
        id: n.id,
        number: n.number,
        name: (locale === 'pl' ? n.namePl : n.nameEn) || name,
        multiple: Number(n.multiple),
        unit: n.unit,
        stock,
        availability: availabilityOf(stock, n.unit),
      };
    }),
    versions: versionsOf(row.choiceOfVersion),
    images: images.map((i) => ({ fileId: i.fileId, width: i.width, height: i.height, alt: (locale === 'pl' ? i.altPl : i.altEn) || name })),
    datasheet: datasheet ? { ...datasheet, filename: datasheetFilename(locale, datasheet.filename, row.slugEn) } : null,
    documents: DOCUMENT_TYPES.map((type) => ({
      type,
      items: documents
        .filter((d) => d.type === type)
        .map((d) => ({ name: documentName(locale, d), fileId: d.fileId, filename: documentFilename(locale, d), contentType: d.contentType, size: d.size })),
    })).filter((g) => g.items.length > 0),
    specs,
    publishedAt: new Date(row.publishedAt).toISOString(),
    ...(await relatedAndAccessories(row.id, trail, relations, index.visible, locale)),
  };
}

export const RELATED_COUNT = 4;

/**
 * The product page's related products and accessories. The administrator's choices become cards
 * through the in-memory index (inactive, unpublished and hidden ones left out); related products
 * are filled up to RELATED_COUNT with products next to this one in the catalogue: its category
 * first, then the parent's.
 */
async function relatedAndAccessories(
  productId: number,
  trail: CategoryLink[],
  relations: { id: number; kind: RelationKind }[],
  visible: Map<number, unknown>,
  locale: Locale,
): Promise<{ related: ProductCard[]; accessories: ProductCard[] }> {
  const [index, categories] = await Promise.all([catalogIndex(), categoryIndex()]);
  const cardsOf = (kind: RelationKind) =>
    index.cardsOf(
      relations.filter((r) => r.kind === kind && r.id !== productId).map((r) => r.id),
      locale,
      (c) => visible.has(c),
    );
  const chosen = relations.length ? cardsOf('related') : [];
  const accessories = relations.length ? cardsOf('accessory') : [];
  if (chosen.length >= RELATED_COUNT) return { related: chosen, accessories };
  const taken = new Set([productId, ...chosen.map((c) => c.id), ...accessories.map((c) => c.id)]);
  for (const category of [...trail].reverse().slice(0, 2)) {
    const others = index.newestIn(new Set(categories.descendantIds(category.id)), locale, RELATED_COUNT - chosen.length, taken);
    if (others.length > 0) return { related: [...chosen, ...others], accessories };
  }
  return { related: chosen, accessories };
}

/** Is this file linked from the public catalogue (a product image, document, datasheet or category image)? */
export async function isCatalogFile(fileId: string): Promise<boolean> {
  const db = getDb();
  const one = { one: sql<number>`1` };
  const found = await Promise.all([
    db.select(one).from(productImages).where(eq(productImages.fileId, fileId)).limit(1),
    db.select(one).from(productDocuments).where(eq(productDocuments.fileId, fileId)).limit(1),
    db.select(one).from(products).where(eq(products.datasheetFileId, fileId)).limit(1),
    db.select(one).from(categories).where(eq(categories.imageFileId, fileId)).limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

export interface CategoryView extends CategoryLink {
  description: string;
  slugs: Record<Locale, string>;
  trail: CategoryLink[];
  /** Visible subcategories (filters of the category page). */
  children: CategoryLink[];
}

/** A visible category with its path and subcategories, or null. */
export async function getCategory(id: number, locale: Locale): Promise<CategoryView | null> {
  const index = await categoryIndex();
  const row = index.visible.get(id);
  if (!row) return null;
  const link = categoryLink(locale);
  return {
    ...link(row),
    description: locale === 'pl' ? row.descriptionPl : row.descriptionEn,
    slugs: { pl: row.slugPl, en: row.slugEn },
    trail: index.trail(id).map(link),
    children: index.children(id).map(link),
  };
}

/** The main categories as links (filters of the all-products page). */
export async function mainCategoryLinks(locale: Locale): Promise<CategoryLink[]> {
  const index = await categoryIndex();
  return index.children(null).map(categoryLink(locale));
}

export interface CategoryTile extends CategoryLink {
  image: StoredImage | null;
  children: CategoryLink[];
}

/** The categories page: main categories with their image and their subcategories. */
export async function categoryTiles(locale: Locale): Promise<CategoryTile[]> {
  const index = await categoryIndex();
  const mains = index.children(null);
  const fileIds = mains.map((c) => c.imageFileId).filter((v): v is string => Boolean(v));
  const images = fileIds.length
    ? await getDb().select({ id: files.id, width: files.width, height: files.height }).from(files).where(inArray(files.id, fileIds))
    : [];
  const imageOf = new Map(images.map((i) => [i.id, i]));
  const link = categoryLink(locale);
  return mains.map((c) => {
    const img = c.imageFileId ? imageOf.get(c.imageFileId) : undefined;
    const l = link(c);
    return {
      ...l,
      image: img ? { fileId: img.id, width: img.width, height: img.height, alt: l.name } : null,
      children: index.children(c.id).map(link),
    };
  });
}

function categoryLink(locale: Locale) {
  return (c: { id: number; namePl: string; nameEn: string; slugPl: string; slugEn: string }): CategoryLink => ({
    id: c.id,
    name: locale === 'pl' ? c.namePl : c.nameEn,
    slug: locale === 'pl' ? c.slugPl : c.slugEn,
  });
}

/** A catalogue number with what the shop needs to sell and ship it (issue 11). */
export interface ShopCatalogNumber {
  id: number;
  productId: number;
  productSlugPl: string;
  productSlugEn: string;
  productNamePl: string;
  productNameEn: string;
  productActive: boolean;
  choiceOfVersion: string | null;
  number: string;
  namePl: string;
  nameEn: string;
  multiple: number;
  multipleUnit: string;
  /** Weight of one unit in kg. */
  weightKg: number;
  /** Volume of one unit in cm³. */
  volumeCm: number;
}

/**
 * Catalogue numbers by id or by number (case-insensitive), with their product's slug, name, active
 * flag and version choice and each number's weight and volume; unknown ones are left out.
 */
export async function shopCatalogNumbers(by: { ids?: number[]; numbers?: string[] }): Promise<ShopCatalogNumber[]> {
  const ids = [...new Set(by.ids ?? [])].filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
  const numbers = [...new Set((by.numbers ?? []).map((n) => n.trim().toUpperCase()).filter(Boolean))];
  if (ids.length === 0 && numbers.length === 0) return [];
  const conditions = [];
  if (ids.length) conditions.push(inArray(productCatalogNumbers.id, ids));
  if (numbers.length) conditions.push(inArray(sql`upper(${productCatalogNumbers.number})`, numbers));
  const rows = await getDb()
    .select({
      id: productCatalogNumbers.id,
      productId: products.id,
      productSlugPl: products.slugPl,
      productSlugEn: products.slugEn,
      productNamePl: products.namePl,
      productNameEn: products.nameEn,
      productActive: products.isActive,
      choiceOfVersion: products.choiceOfVersion,
      number: productCatalogNumbers.number,
      namePl: productCatalogNumbers.namePl,
      nameEn: productCatalogNumbers.nameEn,
      multiple: productCatalogNumbers.multiple,
      multipleUnit: productCatalogNumbers.multipleUnit,
      weightKg: productCatalogNumbers.weightKg,
      volumeCm: productCatalogNumbers.volumeCm,
    })
    .from(productCatalogNumbers)
    .innerJoin(products, eq(products.id, productCatalogNumbers.productId))
    .where(conditions.length === 1 ? conditions[0] : or(...conditions));
  return rows.map((r) => ({ ...r, multiple: Number(r.multiple), weightKg: Number(r.weightKg) }));
}

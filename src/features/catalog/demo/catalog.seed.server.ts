import { count, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { getDb } from '~/core/db/db.server';
import { type StoredFile, saveFile } from '~/core/files/storage.server';
import type { Seeder } from '~/core/seed.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { slugify } from '~/core/text';
import { categories, productCatalogNumbers, productDocuments, productImages, productRelations, products, VERSION_CHOICE } from '../catalog.schema';
import { buildSearchText } from '../search';
import { CATEGORIES, type CategoryDef, demoProducts, descriptionHtml, type ProductDef, type SharedDocKey } from './catalog.data';
import { makeDxf, makePdf, makeRfa } from './documents.server';
import { detailView, type Drawing, drawingSvg, IMAGE_H, IMAGE_W } from './drawings';
import { SHARED_DOCS } from './shared-docs';
import { demoPhysicals } from './physicals';
import { demoValueRows, insertValueRows, seedDemoAttributes } from './attributes.seed.server';
import { DEMO_RELATIONS } from './relations.data';

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** A drawing rasterized to PNG (the original the image route resizes from). */
export async function renderDrawing(d: Drawing, detail?: { x: number; y: number; w: number }): Promise<Buffer> {
  return sharp(Buffer.from(drawingSvg(d, detail)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** Stores rendered images once per distinct drawing, so products that look alike share a file. */
export class ImageStore {
  private files = new Map<string, Promise<StoredFile>>();
  image(d: Drawing, name: string, detail?: { x: number; y: number; w: number }): Promise<StoredFile> {
    const key = JSON.stringify([d, detail ?? null]);
    let file = this.files.get(key);
    if (!file) {
      file = renderDrawing(d, detail).then((data) => saveFile({ data, filename: `${name}.png`, contentType: 'image/png', width: IMAGE_W, height: IMAGE_H }));
      this.files.set(key, file);
    }
    return file;
  }
}

/** Inserts the category tree; returns category ids by key. */
export async function seedCategories(images: ImageStore): Promise<Map<string, number>> {
  const db = getDb();
  const ids = new Map<string, number>();
  const insertLevel = async (defs: CategoryDef[], parentId: number | null) => {
    const imageFiles = await Promise.all(defs.map((d) => (d.image ? images.image(d.image, `kategoria-${slugify(d.pl)}`) : Promise.resolve(null))));
    const rows = await db
      .insert(categories)
      .values(
        defs.map((d, i) => ({
          parentId,
          position: i,
          namePl: d.pl,
          nameEn: d.en,
          slugPl: slugify(d.pl),
          slugEn: slugify(d.en),
          descriptionPl: d.descPl ?? '',
          descriptionEn: d.descEn ?? '',
          imageFileId: imageFiles[i]?.id ?? null,
        })),
      )
      .returning({ id: categories.id, namePl: categories.namePl });
    // Names are unique among siblings, so they match the returned rows to their definitions.
    for (const d of defs) ids.set(d.key, (rows.find((r) => r.namePl === d.pl) ?? rows[0]).id);
    for (const d of defs) if (d.children?.length) await insertLevel(d.children, ids.get(d.key) ?? null);
  };
  await insertLevel(CATEGORIES, null);
  return ids;
}

/** The datasheet PDF of a product (both languages in one file). */
function datasheetPdf(p: ProductDef): Promise<Buffer> {
  return makePdf({
    kind: 'KARTA KATALOGOWA / DATASHEET',
    title: p.namePl,
    subtitle: p.nameEn,
    subject: p.numbers[0]?.number,
    sections: [
      { heading: 'Opis / Description', paragraphs: [p.leadPl, p.leadEn, p.introPl, p.introEn] },
      ...(p.featuresPl.length ? [{ heading: 'Cechy / Features', bullets: p.featuresPl.map((f, i) => `${f} / ${p.featuresEn[i] ?? f}`) }] : []),
      {
        heading: 'Parametry techniczne / Technical data',
        table: p.params.map(([lp, le, vp, ve]): [string, string] => [`${lp} / ${le}`, ve && ve !== vp ? `${vp} / ${ve}` : vp]),
      },
      {
        heading: 'Numery katalogowe / Catalogue numbers',
        table: p.numbers.map((n): [string, string] => [n.number, `${n.namePl} / ${n.nameEn}`]),
      },
      ...(p.versions ? [{ heading: 'Wersje / Versions', bullets: ['Flatpack', 'Szafa złożona / assembled'] }] : []),
    ],
  });
}

interface DocRow {
  type: (typeof productDocuments.$inferInsert)['type'];
  locale: 'pl' | 'en' | null;
  namePl: string;
  nameEn: string;
  fileId: string;
}

/** Files of the shared documents, made once each. */
async function seedSharedDocs(keys: Set<SharedDocKey>): Promise<Map<SharedDocKey, DocRow[]>> {
  const out = new Map<SharedDocKey, DocRow[]>();
  await mapLimit([...keys], 2, async (key) => {
    const doc = SHARED_DOCS[key];
    const rows: DocRow[] = [];
    for (const f of doc.files) {
      const file = await saveFile({ data: await makePdf(f.pdf), filename: f.filename, contentType: 'application/pdf' });
      rows.push({ type: doc.type, locale: f.locale, namePl: f.namePl, nameEn: f.nameEn, fileId: file.id });
    }
    out.set(key, rows);
  });
  return out;
}

/** Seeds the demo catalogue: categories, products, numbers, images, datasheets and documents. */
export async function seedDemoCatalog(log: (msg: string) => void = () => {}): Promise<{ categoryIds: Map<string, number>; productCount: number }> {
  const started = Date.now();
  const db = getDb();
  const images = new ImageStore();
  const categoryIds = await seedCategories(images);
  const defs = demoProducts();
  const sharedKeys = new Set(defs.flatMap((p) => p.docs));
  const shared = await seedSharedDocs(sharedKeys);

  // Files of every product (rendered and written two at a time: the machine's cores).
  const prepared = await mapLimit(defs, 3, async (p) => {
    const slugEn = slugify(p.nameEn);
    const main = await images.image(p.drawing, slugEn);
    const gallery = [{ file: main, altPl: p.namePl, altEn: p.nameEn }];
    const detail = detailView(p.drawing);
    if (detail)
      gallery.push({ file: await images.image(p.drawing, `${slugEn}-detal`, detail), altPl: `${p.namePl} – zbliżenie`, altEn: `${p.nameEn} – close-up` });
    if (p.packaging)
      gallery.push({
        file: await images.image({ kind: 'packaging', colour: p.packaging }, `opakowanie-${slugEn}`),
        altPl: `${p.namePl} – opakowanie`,
        altEn: `${p.nameEn} – packaging`,
      });
    const first = p.numbers[0]?.number ?? slugEn;
    const datasheet = p.datasheet
      ? await saveFile({ data: await datasheetPdf(p), filename: `karta-katalogowa-${first}.pdf`, contentType: 'application/pdf' })
      : null;
    const own: DocRow[] = [];
    if (p.dims) {
      const cad = await saveFile({ data: makeDxf({ title: `${p.namePl} (${first})`, ...p.dims }), filename: `${first}.dxf`, contentType: 'image/vnd.dxf' });
      own.push({ type: 'cad', locale: null, namePl: `Rysunek CAD ${first} (DXF)`, nameEn: `CAD drawing ${first} (DXF)`, fileId: cad.id });
      if (p.dims.revit) {
        const rfa = await saveFile({ data: makeRfa({ title: p.nameEn, ...p.dims }), filename: `${first}.rfa`, contentType: 'application/octet-stream' });
        own.push({ type: 'revit', locale: null, namePl: `Rodzina Revit ${first}`, nameEn: `Revit family ${first}`, fileId: rfa.id });
      }
    }
    return { gallery, datasheet, own };
  });

  // Products in one insert, then their numbers, images and documents.
  const base = Date.UTC(2024, 0, 8);
  // Featured on the home page: the first product of four categories spread over the catalogue.
  const firsts = defs.flatMap((p, i) => (defs.findIndex((q) => q.category === p.category) === i ? [i] : []));
  const featured = new Set([0, 1, 2, 3].map((k) => firsts[Math.floor((k * firsts.length) / 4)]));
  const inserted = await db
    .insert(products)
    .values(
      defs.map((p, i) => {
        const descriptionPl = descriptionHtml(p, 'pl');
        const descriptionEn = descriptionHtml(p, 'en');
        return {
          categoryId: categoryIds.get(p.category) ?? (categoryIds.values().next().value as number),
          namePl: p.namePl,
          nameEn: p.nameEn,
          slugPl: slugify(p.namePl),
          slugEn: slugify(p.nameEn),
          leadPl: p.leadPl,
          leadEn: p.leadEn,
          descriptionPl,
          descriptionEn,
          choiceOfVersion: p.versions ? VERSION_CHOICE : null,
          publishedAt: new Date(base + i * 3 * 86_400_000),
          isFeatured: featured.has(i),
          datasheetFileId: prepared[i].datasheet?.id ?? null,
          searchText: buildSearchText({ ...p, descriptionPl, descriptionEn }),
        };
      }),
    )
    .returning({ id: products.id, namePl: products.namePl });
  const idOf = (i: number) => (inserted[i]?.namePl === defs[i].namePl ? inserted[i].id : (inserted.find((r) => r.namePl === defs[i].namePl)?.id as number));

  await db.insert(productCatalogNumbers).values(
    defs.flatMap((p, i) =>
      p.numbers.map((n, k) => ({
        productId: idOf(i),
        number: n.number,
        namePl: n.namePl,
        nameEn: n.nameEn,
        multiple: n.multiple,
        multipleUnit: n.unit,
        position: k,
        ...demoPhysicals(n.number),
      })),
    ),
  );
  await db
    .insert(productImages)
    .values(prepared.flatMap((x, i) => x.gallery.map((g, k) => ({ productId: idOf(i), fileId: g.file.id, position: k, altPl: g.altPl, altEn: g.altEn }))));
  const docRows = defs.flatMap((p, i) => {
    const rows = [...p.docs.flatMap((k) => shared.get(k) ?? []), ...prepared[i].own];
    return rows.map((r, k) => ({ productId: idOf(i), type: r.type, locale: r.locale, namePl: r.namePl, nameEn: r.nameEn, fileId: r.fileId, position: k }));
  });
  if (docRows.length) await db.insert(productDocuments).values(docRows);
  const seededAttributes = await seedDemoAttributes(db);
  await insertValueRows(
    db,
    defs.flatMap((p, i) => demoValueRows(idOf(i), p.attrs, seededAttributes)),
  );
  await seedDemoRelations();
  clearPageCache();
  log(`Catalogue: ${categoryIds.size} categories, ${defs.length} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { categoryIds, productCount: defs.length };
}

/** The demo's related products and accessories (by catalogue number; unknown numbers are skipped). */
export async function seedDemoRelations(): Promise<number> {
  const db = getDb();
  const numbers = [...new Set(DEMO_RELATIONS.flatMap((r) => [r.product, ...(r.related ?? []), ...(r.accessories ?? [])]))];
  const rows = await db
    .select({ number: productCatalogNumbers.number, productId: productCatalogNumbers.productId })
    .from(productCatalogNumbers)
    .where(
      inArray(
        sql`upper(${productCatalogNumbers.number})`,
        numbers.map((n) => n.toUpperCase()),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.number.toUpperCase(), r.productId]));
  const values: (typeof productRelations.$inferInsert)[] = [];
  for (const r of DEMO_RELATIONS) {
    const productId = idOf.get(r.product.toUpperCase());
    if (!productId) continue;
    for (const [kind, list] of [
      ['related', r.related ?? []],
      ['accessory', r.accessories ?? []],
    ] as const) {
      const ids = [...new Set(list.map((n) => idOf.get(n.toUpperCase())).filter((id): id is number => id !== undefined && id !== productId))];
      for (const [position, relatedProductId] of ids.entries()) values.push({ productId, relatedProductId, kind, position });
    }
  }
  if (values.length) await db.insert(productRelations).values(values).onConflictDoNothing();
  return values.length;
}

export const catalogSeeder: Seeder = {
  name: 'catalogue',
  async hasContent() {
    const [row] = await getDb().select({ n: count() }).from(categories);
    return (row?.n ?? 0) > 0;
  },
  async seed(log) {
    await seedDemoCatalog(log);
  },
};

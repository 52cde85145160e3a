// A large generated catalogue for benchmarks (npm run seed:large): the demo category tree and N
// products derived from the demo product families, with a handful of shared image and PDF files.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { openDatabase } from '~/core/db/client.server';
import { setDatabase } from '~/core/db/db.server';
import { localStorage, saveFile, setStorage, type StoredFile } from '~/core/files/storage.server';
import { slugify } from '~/core/text';
import { categories, productCatalogNumbers, productDocuments, productImages, products, VERSION_CHOICE } from '../catalog.schema';
import { buildSearchText } from '../search';
import { demoProducts, descriptionHtml, type ProductDef } from './catalog.data';
import { ImageStore, seedCategories } from './catalog.seed.server';
import { makePdf } from './documents.server';
import { familyDrawing } from './drawings';
import { demoValueRows, insertValueRows, seedDemoAttributes } from './attributes.seed.server';
import { SHARED_DOCS } from './shared-docs';

const BATCH = 500;

export interface LargeSeedOptions {
  dataDir: string;
  products: number;
  log?: (msg: string) => void;
}

/** Fills `dataDir` with a migrated embedded database holding `products` generated products. */
export async function seedLarge(opts: LargeSeedOptions): Promise<{ products: number; seconds: number }> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const cpu = process.cpuUsage();
  const dataDir = path.resolve(opts.dataDir);
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    setDatabase(database);
    setStorage(localStorage(path.join(dataDir, 'files')));
    const db = database.db;
    const [existing] = await db.select({ n: count() }).from(categories);
    if ((existing?.n ?? 0) > 0 || existsSync(path.join(dataDir, 'files', 'cache'))) {
      throw new Error(`${dataDir} already holds a catalogue; remove the folder or choose another --data-dir.`);
    }

    const images = new ImageStore();
    const categoryIds = await seedCategories(images);
    const seededAttributes = await seedDemoAttributes(db);
    const templates = demoProducts();
    const familyFiles = new Map<string, Promise<StoredFile>>();
    const imageOf = (t: ProductDef) => {
      const d = familyDrawing(t.drawing);
      const key = JSON.stringify(d);
      let f = familyFiles.get(key);
      if (!f) {
        f = images.image(d, `rodzina-${familyFiles.size + 1}`);
        familyFiles.set(key, f);
      }
      return f;
    };
    const templateImages = await Promise.all(templates.map(imageOf));
    const datasheet = await saveFile({
      data: await makePdf({
        kind: 'KARTA KATALOGOWA / DATASHEET',
        title: 'Karta katalogowa produktu',
        subtitle: 'Product datasheet',
        sections: [{ heading: 'Opis / Description', paragraphs: ['Karta katalogowa katalogu testowego. / Datasheet of the benchmark catalogue.'] }],
      }),
      filename: 'karta-katalogowa.pdf',
      contentType: 'application/pdf',
    });
    const conformity = SHARED_DOCS['doc-copper'].files[0];
    const docFile = await saveFile({ data: await makePdf(conformity.pdf), filename: conformity.filename, contentType: 'application/pdf' });
    const descriptions = templates.map((t) => ({ pl: descriptionHtml(t, 'pl'), en: descriptionHtml(t, 'en') }));
    log(`categories and ${familyFiles.size} shared images ready`);

    // The word and name indexes are built once after the load instead of row by row (same
    // definitions as the migration that created them).
    await db.execute(sql`drop index if exists products_search_idx`);
    await db.execute(sql`drop index if exists products_sort_pl_idx`);
    await db.execute(sql`drop index if exists products_sort_en_idx`);

    const base = Date.UTC(2023, 0, 2);
    for (let start = 0; start < opts.products; start += BATCH) {
      const size = Math.min(BATCH, opts.products - start);
      const rows = Array.from({ length: size }, (_, j) => {
        const n = start + j;
        const ti = n % templates.length;
        const t = templates[ti];
        const series = Math.floor(n / templates.length) + 1;
        const namePl = series === 1 ? t.namePl : `${t.namePl}, seria ${series}`;
        const nameEn = series === 1 ? t.nameEn : `${t.nameEn}, series ${series}`;
        const numbers = t.numbers.map((x) => ({ ...x, number: series === 1 ? x.number : `${x.number}-S${series}` }));
        return {
          t,
          ti,
          numbers,
          values: {
            categoryId: categoryIds.get(t.category) as number,
            namePl,
            nameEn,
            slugPl: slugify(namePl),
            slugEn: slugify(nameEn),
            leadPl: t.leadPl,
            leadEn: t.leadEn,
            descriptionPl: descriptions[ti].pl,
            descriptionEn: descriptions[ti].en,
            choiceOfVersion: t.versions ? VERSION_CHOICE : null,
            publishedAt: new Date(base + (n % 900) * 86_400_000),
            datasheetFileId: t.datasheet ? datasheet.id : null,
            searchText: buildSearchText({ ...t, namePl, nameEn, numbers, descriptionPl: descriptions[ti].pl, descriptionEn: descriptions[ti].en }),
          },
        };
      });
      const inserted = await db
        .insert(products)
        .values(rows.map((r) => r.values))
        .returning({ id: products.id, slugPl: products.slugPl });
      // RETURNING keeps the order of the VALUES list; the slug check guards that assumption.
      const idOf = new Map(inserted.map((r) => [r.slugPl, r.id]));
      const ids = rows.map((r, j) => (inserted[j]?.slugPl === r.values.slugPl ? inserted[j].id : (idOf.get(r.values.slugPl) as number)));
      await db.insert(productCatalogNumbers).values(
        rows.flatMap((r, j) =>
          r.numbers.map((x, k) => ({
            productId: ids[j],
            number: x.number,
            namePl: x.namePl,
            nameEn: x.nameEn,
            multiple: x.multiple,
            multipleUnit: x.unit,
            position: k,
          })),
        ),
      );
      await db
        .insert(productImages)
        .values(rows.map((r, j) => ({ productId: ids[j], fileId: templateImages[r.ti].id, position: 0, altPl: r.values.namePl, altEn: r.values.nameEn })));
      await db.insert(productDocuments).values(
        rows.map((_, j) => ({
          productId: ids[j],
          type: 'declaration_of_conformity' as const,
          locale: null,
          namePl: conformity.namePl,
          nameEn: conformity.nameEn,
          fileId: docFile.id,
        })),
      );
      await insertValueRows(
        db,
        rows.flatMap((r, j) => demoValueRows(ids[j], r.t.attrs, seededAttributes)),
      );
      if ((start / BATCH) % 4 === 3) log(`${start + size} products`);
    }
    await db.execute(sql`CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector")`);
    await db.execute(
      sql.raw(`CREATE INDEX "products_sort_pl_idx" ON "products" USING btree (lower(translate("name_pl", 'ĄĆĘŁŃÓŚŹŻąćęłńóśźż', 'ACELNOSZZacelnoszz')))`),
    );
    await db.execute(
      sql.raw(`CREATE INDEX "products_sort_en_idx" ON "products" USING btree (lower(translate("name_en", 'ĄĆĘŁŃÓŚŹŻąćęłńóśźż', 'ACELNOSZZacelnoszz')))`),
    );
    await db.execute(sql`vacuum analyze`);
    const seconds = (Date.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    log(`${opts.products} products in ${seconds.toFixed(1)} s (CPU ${((used.user + used.system) / 1e6).toFixed(1)} s)`);
    return { products: opts.products, seconds };
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

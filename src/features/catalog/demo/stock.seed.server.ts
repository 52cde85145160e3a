// Demo stock (issue 39): two warehouses and a plausible state for every demo catalogue number,
// fixed for the cable the browser tests use and derived from the number for the rest, so every
// kind a buyer can see appears: in stock (one or both warehouses), a delivery coming, to order with
// a lead time, and a few numbers the ERP reported nothing for.
import { asc, count } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { Seeder } from '~/core/seed.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { addDays, todayInWarsaw } from '~/core/time/days';
import { catalogNumberStock, productCatalogNumbers, warehouses } from '../catalog.schema';

export const DEMO_WAREHOUSES = [
  { code: 'GLW', namePl: 'Magazyn Gliwice', nameEn: 'Gliwice warehouse', sort: 1 },
  { code: 'WAW', namePl: 'Magazyn Warszawa', nameEn: 'Warsaw warehouse', sort: 2 },
];

type Row = { glw?: number; waw?: number; inDays?: number; lead?: number } | null;

/** Numbers whose stock the tests name: a reel cable in stock (1,830 m), with a delivery coming, and to order. */
export const DEMO_STOCK: Record<string, Row> = {
  'CN-U6-305-G': { glw: 1220, waw: 610, lead: 5 },
  'CN-U6-305-B': { glw: 0, inDays: 9, lead: 10 },
  'CN-U6-500-G': { glw: 0, lead: 5 },
};

/** FNV-1a of the number: the same demo stock on every seed. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function demoRow(number: string, multiple: number): Row {
  if (number in DEMO_STOCK) return DEMO_STOCK[number] ?? null;
  const h = hash(number);
  const kind = h % 100;
  const lot = Math.max(1, multiple);
  if (kind < 55) return { glw: lot * (1 + ((h >>> 8) % 12)), waw: (h >>> 16) % 3 === 0 ? lot * (1 + ((h >>> 12) % 5)) : undefined, lead: 3 + ((h >>> 4) % 8) };
  if (kind < 75) return { glw: 0, inDays: 3 + ((h >>> 8) % 18), lead: 5 + ((h >>> 4) % 10) };
  if (kind < 95) return { glw: 0, lead: 3 + ((h >>> 8) % 13) };
  return null;
}

export async function seedDemoStock(): Promise<number> {
  const db = getDb();
  const stores = await db.insert(warehouses).values(DEMO_WAREHOUSES).returning({ id: warehouses.id, code: warehouses.code });
  const idOf = new Map(stores.map((s) => [s.code, s.id]));
  const numbers = await db
    .select({ id: productCatalogNumbers.id, number: productCatalogNumbers.number, multiple: productCatalogNumbers.multiple })
    .from(productCatalogNumbers)
    .orderBy(asc(productCatalogNumbers.id));
  const today = todayInWarsaw();
  const rows: (typeof catalogNumberStock.$inferInsert)[] = [];
  for (const n of numbers) {
    const r = demoRow(n.number, Number(n.multiple));
    if (!r) continue;
    const next = r.inDays === undefined ? null : addDays(today, r.inDays);
    rows.push({ catalogNumberId: n.id, warehouseId: idOf.get('GLW') as number, quantity: r.glw ?? 0, nextDeliveryDate: next, leadTimeDays: r.lead ?? null });
    if (r.waw !== undefined)
      rows.push({ catalogNumberId: n.id, warehouseId: idOf.get('WAW') as number, quantity: r.waw, nextDeliveryDate: null, leadTimeDays: r.lead ?? null });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(catalogNumberStock).values(rows.slice(i, i + 1000));
  // The listing index and cached pages were built before the stock existed.
  clearPageCache();
  return rows.length;
}

export const stockSeeder: Seeder = {
  name: 'stock',
  async hasContent() {
    const [row] = await getDb().select({ n: count() }).from(warehouses);
    return (row?.n ?? 0) > 0;
  },
  async seed(log) {
    const n = await seedDemoStock();
    log(`Stock: ${DEMO_WAREHOUSES.length} warehouses, ${n} stock rows`);
  },
};

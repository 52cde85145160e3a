// Test data of the shop: a small catalogue with prices, transport types, customers and users in
// every role of the authorisation matrix.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getDb } from '~/core/db/db.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { users } from '~/features/accounts/accounts.schema';
import { ADMINISTRATOR_ROLE_ID } from '~/features/accounts/roles.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { categories, productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { addresses, customers, customerUsers } from '~/features/customers/customers.schema';
import { priceListItems, priceLists } from '~/features/pricing/pricing.schema';
import type { TestClient } from '~tests/helpers/test-app';
import { transportTypes } from '../shop.schema';

export interface ShopFixture {
  numbers: { cabinet: number; reel: number; patch: number; inactive: number; noPrice: number };
  products: { cabinet: number; reel: number; patch: number; inactive: number };
  transport: { courier: number; pallet: number; pickup: number; custom: number; inactive: number };
  customers: { a: number; b: number; noInvoice: number; inactive: number };
}

const addr = (name: string, town = 'Poznań') => ({
  name,
  email: '',
  phoneNumber: '+48 600 100 200',
  town,
  street: 'ul. Kablowa',
  home: '5',
  flat: '',
  fullStreet: 'ul. Kablowa 5',
  postcode: '60-101',
  post: town,
});

export async function shopFixture(): Promise<ShopFixture> {
  const db = getDb();
  const [cat] = await db.insert(categories).values({ namePl: 'Szafy', nameEn: 'Cabinets', slugPl: 'szafy', slugEn: 'cabinets' }).returning();
  const mk = async (namePl: string, choice: string | null, isActive = true) =>
    (
      await db
        .insert(products)
        .values({
          categoryId: cat.id,
          namePl,
          nameEn: `${namePl} EN`,
          slugPl: namePl.toLowerCase().replaceAll(' ', '-'),
          slugEn: `${namePl.toLowerCase().replaceAll(' ', '-')}-en`,
          choiceOfVersion: choice,
          isActive,
          searchText: namePl.toLowerCase(),
        })
        .returning()
    )[0].id;
  const cabinetP = await mk('Szafa rack 42U', 'Flatpack/Szafa złożona');
  const reelP = await mk('Kabel U/UTP kat 6', null);
  const patchP = await mk('Patchcord', null);
  const inactiveP = await mk('Wycofany', null, false);
  const [cabinet, reel, patch, inactive, noPrice] = (
    await db
      .insert(productCatalogNumbers)
      .values([
        { productId: cabinetP, number: 'SZ-42U', namePl: 'Szafa 42U 800x1000', multiple: 1, multipleUnit: 'szt.', weightKg: 95.5, volumeCm: 900_000 },
        { productId: reelP, number: 'KAB-U6-305', namePl: 'Kabel kat. 6 szpula 305 m', multiple: 305, multipleUnit: 'm', weightKg: 0.04, volumeCm: 80 },
        { productId: patchP, number: 'PC-1M', namePl: 'Patchcord 1 m', multiple: 1, multipleUnit: 'szt.', weightKg: 0.05, volumeCm: 100 },
        { productId: inactiveP, number: 'OLD-1', namePl: 'Wycofany', multiple: 1, multipleUnit: 'szt.' },
        { productId: patchP, number: 'PC-NOPRICE', namePl: 'Bez ceny', multiple: 1, multipleUnit: 'szt.' },
      ])
      .returning()
  ).map((n) => n.id);
  const [base] = await db.insert(priceLists).values({ code: 'BAZOWA', isBase: true }).returning();
  const [hurt] = await db.insert(priceLists).values({ code: 'HURT-20' }).returning();
  await db.insert(priceListItems).values([
    { priceListId: base.id, catalogNumberId: cabinet, netPrice: 250000 },
    { priceListId: base.id, catalogNumberId: reel, netPrice: 217 }, // 2.17 zł per metre
    { priceListId: base.id, catalogNumberId: patch, netPrice: 999 },
    { priceListId: base.id, catalogNumberId: inactive, netPrice: 100 },
    { priceListId: hurt.id, catalogNumberId: cabinet, netPrice: 200000 },
  ]);
  const tt = await db
    .insert(transportTypes)
    .values([
      { namePl: 'Kurier', nameEn: 'Courier', kind: 'courier', unitPrice: 2500, maxKgPerUnit: 30, maxUnits: 10, position: 1 },
      { namePl: 'Paleta', nameEn: 'Pallet', kind: 'pallet', unitPrice: 18000, maxKgPerUnit: 800, maxM3PerUnit: 1.6, maxUnits: 6, position: 2 },
      { namePl: 'Odbiór osobisty', nameEn: 'Pickup', kind: 'pickup', position: 3 },
      { namePl: 'Indywidualny', nameEn: 'Custom', kind: 'custom', position: 4 },
      { namePl: 'Stary kurier', nameEn: 'Old courier', kind: 'courier', unitPrice: 1, isActive: false, position: 5 },
    ])
    .returning();
  const cust = async (name: string, code: string, invoice: boolean, isActive = true) => {
    const [c] = await db
      .insert(customers)
      .values({ name, enovaDefinicjaCeny: code, taxIdentificationNr: '7791011327', paymentDeadlineDays: 30, isActive })
      .returning();
    if (invoice) await db.insert(addresses).values({ customerId: c.id, kind: 'invoice', ...addr(`${name} – faktury`) });
    await db.insert(addresses).values({ customerId: c.id, kind: 'delivery', position: 0, ...addr(`${name} – magazyn`, 'Gniezno') });
    return c.id;
  };
  clearPageCache();
  return {
    numbers: { cabinet, reel, patch, inactive, noPrice },
    products: { cabinet: cabinetP, reel: reelP, patch: patchP, inactive: inactiveP },
    transport: { courier: tt[0].id, pallet: tt[1].id, pickup: tt[2].id, custom: tt[3].id, inactive: tt[4].id },
    customers: {
      a: await cust('Firma A', 'HURT-20', true),
      b: await cust('Firma B', '', true),
      noInvoice: await cust('Bez faktury', '', false),
      inactive: await cust('Nieaktywna', '', true, false),
    },
  };
}

/** A user of a customer with B2B access (granted unless told otherwise). */
export async function b2bUser(customerId: number | null, opts: { granted?: boolean; email?: string } = {}) {
  const u = await createUser({ email: opts.email });
  if (opts.granted !== false) await getDb().update(users).set({ b2bGrantedAt: new Date() }).where(eq(users.id, u.id));
  if (customerId !== null) await getDb().insert(customerUsers).values({ userId: u.id, customerId });
  return u;
}

export async function adminUser() {
  return createUser({ roleIds: [ADMINISTRATOR_ROLE_ID] });
}

export async function clientOf(app: FastifyInstance, email: string): Promise<TestClient> {
  return loggedIn(app, email);
}

/** JSON body helpers. */
export function send(client: TestClient, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return client.request({ method, url, payload: payload as never, headers });
}

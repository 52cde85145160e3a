// Demo content of the shop: the transport types and a B2B customer with a user who can buy at once
// (README "Demo B2B customer": sklep@example.com / Kabel-Sklep-B2B-2026).
import { count, eq } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { Seeder } from '~/core/seed.server';
import { users } from '~/features/accounts/accounts.schema';
import { hashPassword } from '~/features/accounts/password.server';
import { addresses, customers, customerUsers } from '~/features/customers/customers.schema';
import { transportTypes } from '../shop.schema';

export const DEMO_B2B_EMAIL = 'sklep@example.com';
export const DEMO_B2B_PASSWORD = 'Kabel-Sklep-B2B-2026';

export const DEMO_TRANSPORT_TYPES: (typeof transportTypes.$inferInsert)[] = [
  {
    namePl: 'Kurier (paczki do 30 kg)',
    nameEn: 'Courier (packages up to 30 kg)',
    kind: 'courier',
    unitPrice: 2500,
    maxKgPerUnit: 30,
    maxUnits: 10,
    maxTotalKg: 300,
    position: 1,
  },
  { namePl: 'Przesyłka paletowa', nameEn: 'Pallet shipment', kind: 'pallet', unitPrice: 18000, maxKgPerUnit: 800, maxM3PerUnit: 1.6, maxUnits: 6, position: 2 },
  { namePl: 'Odbiór osobisty (Leszno)', nameEn: 'Personal pickup (Leszno)', kind: 'pickup', unitPrice: 0, position: 3 },
  { namePl: 'Transport indywidualny', nameEn: 'Custom transport', kind: 'custom', unitPrice: 0, position: 4 },
];

const address = (a: { name: string; town: string; street: string; home: string; flat?: string; postcode: string; email?: string; phone?: string }) => ({
  name: a.name,
  email: a.email ?? '',
  phoneNumber: a.phone ?? '',
  town: a.town,
  street: a.street,
  home: a.home,
  flat: a.flat ?? '',
  fullStreet: `${a.street} ${a.home}${a.flat ? `/${a.flat}` : ''}`,
  postcode: a.postcode,
  post: a.town,
});

export async function seedDemoShop(): Promise<void> {
  const db = getDb();
  await db.transaction(async (tx) => {
    await tx.insert(transportTypes).values(DEMO_TRANSPORT_TYPES);
    const [customer] = await tx
      .insert(customers)
      .values({
        name: 'Instal-Net Sp. z o.o.',
        taxIdentificationNr: '7791011327',
        paymentDeadlineDays: 30,
        enovaKod: 'INSTALNET',
        enovaDefinicjaCeny: 'INST-10',
      })
      .returning({ id: customers.id });
    if (!customer) throw new Error('demo customer not created');
    await tx.insert(addresses).values([
      {
        customerId: customer.id,
        kind: 'invoice',
        ...address({
          name: 'Instal-Net Sp. z o.o.',
          town: 'Poznań',
          street: 'ul. Kablowa',
          home: '5',
          postcode: '60-101',
          email: 'faktury@instal-net.example',
          phone: '+48 61 100 20 30',
        }),
      },
      {
        customerId: customer.id,
        kind: 'delivery',
        position: 0,
        ...address({ name: 'Instal-Net – magazyn', town: 'Poznań', street: 'ul. Składowa', home: '12', postcode: '61-888', phone: '+48 600 100 200' }),
      },
      {
        customerId: customer.id,
        kind: 'delivery',
        position: 1,
        ...address({
          name: 'Budowa: biurowiec Malta Office',
          town: 'Poznań',
          street: 'ul. Abpa A. Baraniaka',
          home: '88',
          postcode: '61-131',
          phone: '+48 600 300 400',
        }),
      },
    ]);
    const existing = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_B2B_EMAIL));
    const now = new Date();
    const userId =
      existing[0]?.id ??
      (
        await tx
          .insert(users)
          .values({
            email: DEMO_B2B_EMAIL,
            passwordHash: await hashPassword(DEMO_B2B_PASSWORD),
            firstName: 'Piotr',
            surname: 'Zieliński',
            company: 'Instal-Net Sp. z o.o.',
            position: 'Zaopatrzeniowiec',
            city: 'Poznań',
            postcode: '60-101',
            taxIdentificationNr: '7791011327',
            phone: '+48 600 100 200',
            termsAcceptedAt: now,
            privacyAcceptedAt: now,
            rodoAcceptedAt: now,
            isB2bRequest: true,
            b2bGrantedAt: now,
            emailVerifiedAt: now,
            isActive: true,
            activatedAt: now,
          })
          .returning({ id: users.id })
      )[0]?.id;
    if (!userId) throw new Error('demo B2B user not created');
    // The demo buyer is the company's owner (issue 40): they manage colleagues on the Company screen.
    await tx.insert(customerUsers).values({ userId, customerId: customer.id, companyRole: 'owner' }).onConflictDoNothing();
  });
}

export const shopSeeder: Seeder = {
  name: 'shop',
  async hasContent() {
    const [row] = await getDb().select({ n: count() }).from(transportTypes);
    return (row?.n ?? 0) > 0;
  },
  async seed(log) {
    await seedDemoShop();
    log(`Shop: ${DEMO_TRANSPORT_TYPES.length} transport types, demo B2B customer ${DEMO_B2B_EMAIL}`);
  },
};

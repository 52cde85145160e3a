// The reference ERP connector (issue 39): `npm run erp:push -- --dir DIR --url URL --key KEY` reads a
// folder of ERP exports (CSV: catalogue numbers, stock, a price list, customers; FA(3) XML invoices)
// and pushes them through the integration API of a running server, as a customer's connector would.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { catalogNumberStock, productCatalogNumbers, warehouses } from '~/features/catalog/catalog.schema';
import { customers } from '~/features/customers/customers.schema';
import { API_SCOPES } from '~/features/integrations/scopes';
import { makeKey } from '~/features/integrations/tests/helpers';
import { invoices } from '~/features/invoices/invoices.schema';
import { withChecksum } from '~/features/invoices/ksef/ksef-number';
import { priceListItems, priceLists } from '~/features/pricing/pricing.schema';
import { adminUser, clientOf, type ShopFixture, shopFixture } from '~/features/shop/tests/fixtures';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';

const SAMPLE = readFileSync(new URL('../../src/features/invoices/tests/fixtures/fa3-sample.xml', import.meta.url));
const KSEF = withChecksum('5265877635-20260201-0100001AF629');

let t: TestApp;
let f: ShopFixture;
let url: string;
let secret: string;
let dir: string;

/** Runs the connector as a person would (a child process against the listening server). */
function push(folder: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/erp-push.mjs', '--dir', folder, '--url', url, '--key', secret], { timeout: 60_000 }, (error, _stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  const admin = await clientOf(t.app, (await adminUser()).email);
  secret = (await makeKey(admin, [...API_SCOPES], 'Enova connector')).secret;
  await getDb().insert(warehouses).values({ code: 'GLW', namePl: 'Magazyn Gliwice', nameEn: 'Gliwice warehouse', sort: 1 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = mkdtempSync(path.join(tmpdir(), 'erp-push-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm run erp:push', () => {
  it('pushes numbers, stock, a price list, customers and an invoice from a folder of exports', async () => {
    const [num] = await getDb().select().from(productCatalogNumbers).where(eq(productCatalogNumbers.id, f.numbers.patch));
    const exports = path.join(dir, 'ok');
    mkdirSync(path.join(exports, 'invoices'), { recursive: true });
    writeFileSync(path.join(exports, 'catalog-numbers.csv'), `number;weight_kg;multiple_unit\n${num.number};1,5;szt.\n`);
    writeFileSync(path.join(exports, 'stock.csv'), `number;warehouse;quantity;next_delivery_date;lead_time_days\n${num.number};GLW;240;;\n`);
    writeFileSync(path.join(exports, 'prices-HURT-7.csv'), `number;price_netto\n${num.number};12,50\n`);
    writeFileSync(
      path.join(exports, 'customers.csv'),
      'enova_kod,name,tax_identification_nr,payment_deadline_days,enova_definicja_ceny,credit_limit,is_active,town,street,home,flat,postcode\n' +
        'K-ERP-1,Elektro-Instal,725-180-11-26,14,HURT-7,"20000,00",1,Gliwice,Kozielska,7,,44-100\n',
    );
    writeFileSync(path.join(exports, 'invoices', 'FV-2026-02-0001.xml'), SAMPLE);
    writeFileSync(path.join(exports, 'invoices', 'FV-2026-02-0001.ksef'), `${KSEF}\n`);

    const run = await push(exports);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('everything accepted');

    const [after] = await getDb().select().from(productCatalogNumbers).where(eq(productCatalogNumbers.id, num.id));
    expect(after.weightKg).toBe(1.5);
    const [stock] = await getDb().select().from(catalogNumberStock).where(eq(catalogNumberStock.catalogNumberId, num.id));
    expect(Number(stock.quantity)).toBe(240);
    const [list] = await getDb().select().from(priceLists).where(eq(priceLists.code, 'HURT-7'));
    const [item] = await getDb().select().from(priceListItems).where(eq(priceListItems.priceListId, list.id));
    expect(item.netPrice).toBe(1250);
    const [customer] = await getDb().select().from(customers).where(eq(customers.enovaKod, 'K-ERP-1'));
    expect(customer).toMatchObject({ name: 'Elektro-Instal', enovaDefinicjaCeny: 'HURT-7', paymentDeadlineDays: 14 });
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.ksefNumber, KSEF));
    expect(invoice).toMatchObject({ number: 'FV/2026/02/0001', customerId: customer.id });

    // Run again after a "failure": every batch carries the same Idempotency-Key, nothing is doubled.
    expect((await push(exports)).code).toBe(0);
    expect((await getDb().select().from(invoices).where(eq(invoices.ksefNumber, KSEF))).length).toBe(1);
  });

  it('reports each refused row with its file and line and exits 1', async () => {
    const exports = path.join(dir, 'bad');
    mkdirSync(exports, { recursive: true });
    writeFileSync(path.join(exports, 'stock.csv'), 'number;warehouse;quantity\nNIE-MA-TAKIEGO;GLW;5\n');
    const run = await push(exports);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/stock, line 2: .*NIE-MA-TAKIEGO/);
  });
});

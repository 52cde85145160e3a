// Stock and lead times for buyers (issue 39), from the demo stock (catalog/demo/stock.seed.server.ts):
// the product page of the U/UTP cat. 6 PVC cable shows each number's availability in Polish and
// English (in stock with the summed quantity, the next delivery date, to order with working days),
// the listing's "in stock" filter keeps its place with the facets and paging, and the cart warns
// (without refusing) when a line is more than the stock. STOCK_SHOTS=<folder> saves screenshots
// at 360 and 1366 px.
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';
import { loginViaApi } from './rentals-helpers';

const BUYER = { email: 'sklep@example.com', password: 'Kabel-Sklep-B2B-2026' };
const shots = process.env.STOCK_SHOTS;

async function shot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/stock-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

interface ProductJson {
  id: number;
  slug: string;
  catalog_numbers: { id: number; number: string; stock: { quantity: number; next_delivery_date: string | null; lead_time_days: number | null } }[];
}

async function cable(page: Page, locale: 'pl' | 'en' = 'pl'): Promise<ProductJson> {
  const list = (await (await page.request.get(`/api/products?search=${encodeURIComponent('CN-U6-305-G')}`)).json()) as { items: { id: number }[] };
  const id = list.items[0]?.id;
  expect(id).toBeTruthy();
  const res = await page.request.get(`/api/products/${id}`, { headers: { 'accept-language': locale } });
  return (await res.json()) as ProductJson;
}

test("the product page shows each catalogue number's availability in both languages", async ({ page }) => {
  const p = await cable(page);
  const stockOf = Object.fromEntries(p.catalog_numbers.map((n) => [n.number, n.stock]));
  expect(stockOf['CN-U6-305-G']).toEqual({ quantity: 1830, next_delivery_date: null, lead_time_days: 5 });
  expect(stockOf['CN-U6-500-G']).toEqual({ quantity: 0, next_delivery_date: null, lead_time_days: 5 });
  const delivery = stockOf['CN-U6-305-B']?.next_delivery_date ?? '';
  expect(delivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const shown = delivery.split('-').reverse().join('.');

  await page.goto(`/pl/product/${p.id}-${p.slug}`);
  const row = (number: string) => page.getByRole('row').filter({ hasText: number }).getByTestId('availability');
  await expect(row('CN-U6-305-G')).toHaveText('W magazynie: 1830 m');
  await expect(row('CN-U6-305-B')).toHaveText(`Najbliższa dostawa: ${shown}`);
  await expect(row('CN-U6-500-G')).toHaveText('Na zamówienie: 5 dni roboczych');
  await expect(page.getByRole('columnheader', { name: 'Dostępność' })).toBeVisible();
  await hydrated(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'product-pl');

  await page.locator('a[hreflang="en"]').first().click();
  await expect(page).toHaveURL(/\/en\/product\//);
  await expect(row('CN-U6-305-G')).toHaveText('In stock: 1,830 m');
  await expect(row('CN-U6-305-B')).toHaveText(`Next delivery: ${shown}`);
  await expect(row('CN-U6-500-G')).toHaveText('To order: 5 working days');
  await shot(page, 'product-en');
});

test('the "in stock" filter works with the facets and paging', async ({ page }) => {
  await page.goto('/pl/category');
  await hydrated(page);
  const count = async () => Number((await page.locator('h1 + p, h1 ~ p[aria-live]').first().textContent())?.replace(/\D/g, '') ?? '0');
  const all = await count();
  await page.getByTestId('in-stock-filter').check();
  await expect(page).toHaveURL(/[?&]stock=1/);
  await expect.poll(count).toBeLessThan(all);
  const inStock = await count();
  expect(inStock).toBeGreaterThan(24);
  await expect(page.getByRole('navigation', { name: 'Wybrane filtry' }).getByRole('link', { name: 'Usuń filtr: dostępne od ręki' })).toBeVisible();
  // Paging keeps the filter.
  await page.getByRole('link', { name: 'Następna' }).first().click();
  await expect(page).toHaveURL(/stock=1/);
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('in-stock-filter')).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'listing-pl');
  // The filter removed from the chips gives every product back.
  await page.getByRole('link', { name: 'Usuń filtr: dostępne od ręki' }).click();
  await expect(page).not.toHaveURL(/stock=1/);
  await expect.poll(count).toBe(all);
});

test('the cart warns, without refusing, when a line is more than the stock', async ({ page }) => {
  await loginViaApi(page, BUYER.email, BUYER.password);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': xsrf };
  const cart = (await (await page.request.get('/api/cart')).json()) as { positions: { id: number }[] };
  for (const pos of cart.positions) expect((await page.request.delete(`/api/cart/positions/${pos.id}`, { headers })).status()).toBe(200);
  const p = await cable(page);
  const reel = p.catalog_numbers.find((n) => n.number === 'CN-U6-305-G');
  const res = await page.request.post('/api/cart/positions', { headers, data: { product_catalog_number_id: reel?.id, quantity: 2135 } });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto('/pl/cart');
  await hydrated(page);
  const line = page.getByTestId('cart-row').filter({ hasText: 'CN-U6-305-G' });
  await expect(line.getByTestId('row-availability')).toHaveText('W magazynie: 1830 m');
  await expect(line.getByTestId('row-stock-warning')).toContainText('W magazynie jest tylko 1830 m; resztę dostarczymy później. Zamówienie można złożyć.');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'cart-pl');
  // Down to 1,830 m (6 reels): the warning goes.
  await line.getByRole('button', { name: 'Zmniejsz ilość' }).click();
  await expect(line.getByTestId('row-stock-warning')).toHaveCount(0);

  await page.goto('/en/cart');
  await expect(line.getByTestId('row-availability')).toHaveText('In stock: 1,830 m');
  await page.request.post('/api/cart/positions', { headers, data: { product_catalog_number_id: reel?.id, quantity: 305 } });
  await page.reload();
  await expect(line.getByTestId('row-stock-warning')).toContainText('Only 1,830 m in stock; the rest will be delivered later. You can still order.');
  await shot(page, 'cart-en');
  for (const pos of ((await (await page.request.get('/api/cart')).json()) as { positions: { id: number }[] }).positions)
    await page.request.delete(`/api/cart/positions/${pos.id}`, { headers });
});

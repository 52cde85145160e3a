// "Done means" of issue 11 in Chromium: a registered, verified and active user who is not a B2B
// customer is sent home from the cart, my orders and my invoices; an administrator creates a
// customer with an invoice address in the admin panel, links the user to it and grants B2B access;
// the user then adds a product from its page and orders through the five screens; the order is in
// my account and the buyer gets the confirmation mail.
import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './fixtures';
import { ADMIN, activeUser, login, mailsTo, PASSWORD } from './rentals-helpers';

// A long journey in two browser contexts; on a loaded two-core machine it took about two minutes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const run = Date.now().toString(36);
const CUSTOMER = `Elektro-Sieć ${run} Sp. z o.o.`;

interface ProductJson {
  id: number;
  slug: string;
  choice_of_version: string | null;
  catalog_numbers: { id: number; number: string; multiple: number }[];
}

/** A demo product without a version choice whose first catalogue number is sold by the piece. */
async function plainProduct(page: Page): Promise<{ product: ProductJson; number: string }> {
  const list = (await (await page.request.get('/api/products?search=patchcord')).json()) as { items: { id: number }[] };
  for (const item of list.items) {
    const p = (await (await page.request.get(`/api/products/${item.id}`)).json()) as ProductJson;
    const n = p.catalog_numbers.find((c) => c.multiple === 1);
    if (p.choice_of_version === null && n) return { product: p, number: n.number };
  }
  throw new Error('no patch cord sold by the piece in the demo catalogue');
}

/** Clicks "Dalej" (a link on the cart, a button elsewhere) and waits for the next screen. */
async function next(page: Page, path: string) {
  await page
    .locator('main')
    .getByRole(path === 'cart/order-data' ? 'link' : 'button', { name: 'Dalej', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/pl/${path}$`));
  await hydrated(page);
}

const addressBlock = (page: Page, heading: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

test('a customer created in the admin panel, linked to a registered user, orders through the five screens', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await activeUser('b2b-new');

  // Not (yet) a B2B customer: no shop link, and the shop's pages send the user home.
  await login(page, email, PASSWORD);
  const accountShopLink = page.locator('header').getByRole('list', { name: 'Konto' }).getByRole('link', { name: 'Sklep B2B' });
  await expect(page.locator('header').getByRole('list', { name: 'Konto' }).getByRole('link', { name: 'Moje konto' })).toBeVisible();
  await expect(accountShopLink).toHaveCount(0);
  // The external B2B shop (SPEC section 7, B2B_SHOP_URL's default) is in the footer for everybody.
  const external = page.locator('footer').getByRole('link', { name: /Zewnętrzny sklep B2B/ });
  await expect(external).toHaveAttribute('href', 'https://b2b.cobinet.pl');
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener');
  for (const path of ['/pl/cart', '/pl/cart/summary', '/pl/my-account/orders', '/pl/my-account/invoices']) {
    await page.goto(path);
    // Not silently home: the account screen says how to ask for shop access (issue 41).
    await expect(page, path).toHaveURL(/\/pl\/my-account\/data\?b2b=required#profile$/);
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Sklep B2B jest dostępny dla kont z dostępem B2B.' })).toBeVisible();
  expect((await page.request.get('/api/cart')).status()).toBe(403);

  // The administrator creates the customer with its invoice address (copied as the first delivery address).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await login(admin, ADMIN.email, ADMIN.password);
  await admin.goto('/pl/admin/customer');
  await hydrated(admin);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Nowy klient');
  await admin.locator('#customer-name').fill(CUSTOMER);
  await admin.locator('#customer-payment_deadline_days').fill('14');
  await admin.locator('#customer-invoice_address-name').fill(CUSTOMER);
  await admin.locator('#customer-invoice_address-street').fill('ul. Energetyczna');
  await admin.locator('#customer-invoice_address-home').fill('12');
  await admin.locator('#customer-invoice_address-postcode').fill('61-001');
  await admin.locator('#customer-invoice_address-town').fill('Poznań');
  await admin.getByRole('button', { name: 'Dodaj adres z faktury' }).click();
  await expect(admin.locator('#customer-delivery_addresses-0-town')).toHaveValue('Poznań');
  await admin.getByRole('button', { name: 'Dodaj klienta' }).click();
  await expect(admin).toHaveURL(/\/pl\/admin\/customers$/);
  await expect(admin.getByText('Dodano klienta.')).toBeVisible();

  // ... links the user to it and grants B2B access on the user's screen.
  await admin.goto(`/pl/admin/users?search=${encodeURIComponent(email)}`);
  await admin.getByRole('row').filter({ hasText: email }).getByRole('link').first().click();
  await hydrated(admin);
  await admin.getByLabel('Szukaj klienta (nazwa lub NIP)').fill(run);
  await admin.getByRole('button', { name: 'Szukaj', exact: true }).click();
  await expect(admin.getByLabel('Klient', { exact: true }).locator('option', { hasText: CUSTOMER })).toHaveCount(1);
  await admin.getByLabel('Klient', { exact: true }).selectOption({ label: CUSTOMER });
  await admin.getByRole('button', { name: 'Zapisz powiązanie' }).click();
  await expect(admin.getByText(`Powiązany klient: ${CUSTOMER}`)).toBeVisible();
  await admin.getByRole('button', { name: 'Przyznaj dostęp B2B' }).click();
  const dialog = admin.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(/Dostęp do sklepu B2B przyznany/)).toBeVisible();
  await adminContext.close();

  // The user is a B2B customer now: the shop link, and "add to cart" on a product page.
  await page.goto('/pl');
  await expect(accountShopLink).toHaveAttribute('href', '/pl/cart');
  const { product, number } = await plainProduct(page);
  await page.goto(`/pl/product/${product.id}-${product.slug}`);
  await hydrated(page);
  const form = page.getByTestId(`add-${number}`);
  await form.getByLabel(/Ilość/).fill('3');
  await form.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(form.getByRole('link', { name: /Przejdź do koszyka/ })).toBeVisible();

  // 1. Product list.
  await page.goto('/pl/cart');
  await hydrated(page);
  const rows = page.getByTestId('cart-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(number);
  await expect(rows.first().getByRole('spinbutton')).toHaveValue('3');
  // 2. Order data: the customer's name and invoice address, the courier.
  await next(page, 'cart/order-data');
  await expect(page.getByText(CUSTOMER).first()).toBeVisible();
  await page.getByLabel(/Kurier \(paczki do 30 kg\)/).check();
  await page.getByLabel('Uwagi do zamówienia').fill(`Zamówienie testowe ${run}`);
  // 3. Delivery data: the address the administrator entered.
  await next(page, 'cart/delivery-data');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  // 4. Summary.
  await next(page, 'cart/summary');
  await expect(page.getByTestId('cart-row')).toHaveCount(1);
  await expect(page.getByTestId('summary-transport')).toHaveText('Kurier (paczki do 30 kg)');
  await expect(addressBlock(page, 'Nabywca')).toContainText(CUSTOMER);
  await expect(addressBlock(page, 'Adres do faktury')).toContainText('ul. Energetyczna 12, 61-001 Poznań');
  await expect(addressBlock(page, 'Adres dostawy')).toContainText('ul. Energetyczna 12, 61-001 Poznań');
  await expect(page.getByText('14 dni')).toBeVisible();
  // 5. Order placed.
  await page.getByRole('button', { name: 'Złóż zamówienie' }).click();
  await expect(page).toHaveURL(/\/pl\/cart\/order-placed\/\d+$/);
  await hydrated(page);
  const id = Number(/order-placed\/(\d+)$/.exec(page.url())?.[1]);
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^ZS\/\d{4}\/\d{6}$/);

  // In my account: the list, and the detail with the customer's data.
  await page.getByRole('link', { name: 'Moje zamówienia' }).click();
  await expect(page).toHaveURL(/\/pl\/my-account\/orders$/);
  await expect(page.getByTestId('my-orders').locator('li').first()).toContainText(orderNumber);
  await page.getByRole('link', { name: `Szczegóły ${orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/pl/my-account/order/${id}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Nowe');
  await expect(page.getByText(CUSTOMER).first()).toBeVisible();
  await expect(page.getByText(number).first()).toBeVisible();
  await page.goto('/pl/my-account/invoices');
  await expect(page).toHaveURL(/\/pl\/my-account\/invoices$/);

  // The confirmation reached the buyer.
  await expect.poll(() => mailsTo(email).some((m) => m.includes('X-Mail-Kind: shop.order-placed') && m.includes(orderNumber)), { timeout: 20_000 }).toBe(true);
});

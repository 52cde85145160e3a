// The B2B shop in the browser (issue 11). The demo B2B customer adds a cabinet with its version and
// a 305 m cable reel from product pages, edits the cart (quantity by the multiple, version, remove)
// and goes through the five screens with each transport kind, placing an order each time: courier,
// personal pickup (the delivery address becomes Leszno) and custom transport in Polish; in English an
// over-limit courier shipment that becomes custom by itself, then a pallet shipment. Every order is
// found in my account, its PDF read back; an administrator confirms the English order in
// /en/admin/order/{id} and the buyer's mail arrives in English. axe on every screen in Polish, and in
// English on those whose content differs (cart, custom-transport summary, order placed).
// SHOP_SHOTS=<folder> saves a 1280 and a 360 px screenshot of each step.
import { readFileSync } from 'node:fs';
import { type Download, expect, type Page, test } from '@playwright/test';
import { pdfText } from '../helpers/pdf-text';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';
import { ADMIN, login, loginViaApi, mailsTo } from './rentals-helpers';

const BUYER = { email: 'sklep@example.com', password: 'Kabel-Sklep-B2B-2026' };
const shots = process.env.SHOP_SHOTS;

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/shop-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${shots}/shop-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** axe and the screenshots of one screen (`axe` false where the same screen was checked in the other language). */
async function check(page: Page, name: string, axe = true) {
  if (axe) await expectNoSeriousA11yViolations(page);
  await shot(page, name);
}

interface ProductJson {
  id: number;
  slug: string;
  choice_of_version: string | null;
  catalog_numbers: { id: number; number: string; multiple: number }[];
}

interface CartJson {
  positions: { id: number }[];
  net: string;
  vat: string;
  gross: string;
  transport_cost: string;
  is_custom_transport: boolean;
  weight_kg: string;
  packages_count: number;
  pallets_count: number;
}

async function findProduct(page: Page, search: string, match: (p: ProductJson) => boolean): Promise<ProductJson> {
  const list = (await (await page.request.get(`/api/products?search=${encodeURIComponent(search)}`)).json()) as { items: { id: number }[] };
  for (const item of list.items) {
    const p = (await (await page.request.get(`/api/products/${item.id}`)).json()) as ProductJson;
    if (match(p)) return p;
  }
  throw new Error(`no product for ${search}`);
}

const cartOf = async (page: Page) => (await (await page.request.get('/api/cart')).json()) as CartJson;

/** Starts from an empty cart (the demo buyer's cart survives earlier runs and suites). */
async function emptyCart(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': xsrf };
  for (const p of (await cartOf(page)).positions) expect((await page.request.delete(`/api/cart/positions/${p.id}`, { headers })).status()).toBe(200);
  // The transport chosen last time stays with the cart: the order-data screen starts without one.
  expect((await page.request.put('/api/cart', { headers, data: { transport_type_id: null } })).status()).toBe(200);
}

const grosze = (decimal: string) => Math.round(Number(decimal) * 100);
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

/** The totals on screen are the API's to the grosz; VAT is 23 % of the net total, half up. */
async function expectTotals(page: Page): Promise<CartJson> {
  const cart = await cartOf(page);
  expect(digits(await page.getByTestId('total-net').textContent())).toBe(digits(cart.net));
  expect(digits(await page.getByTestId('total-vat').textContent())).toBe(digits(cart.vat));
  expect(digits(await page.getByTestId('total-gross').textContent())).toBe(digits(cart.gross));
  expect(grosze(cart.vat)).toBe(Math.floor((grosze(cart.net) * 23 + 50) / 100));
  expect(grosze(cart.net) + grosze(cart.vat)).toBe(grosze(cart.gross));
  return cart;
}

const L = {
  pl: {
    add: 'Dodaj do koszyka',
    version: 'Wersja',
    versionError: 'Wybierz wersję: Flatpack lub Szafa złożona.',
    assembled: 'Szafa złożona',
    quantity: /Ilość/,
    quantityError: 'Ilość musi być wielokrotnością 305 m. Najbliższe poprawne ilości: 305 lub 610.',
    goToCart: /Przejdź do koszyka/,
    steps: 'Etapy zamówienia',
    next: 'Dalej',
    more: 'Zwiększ ilość',
    less: 'Zmniejsz ilość',
    remove: 'Usuń',
  },
  en: {
    add: 'Add to cart',
    version: 'Version',
    versionError: 'Choose a version: Flatpack or Assembled cabinet.',
    assembled: 'Assembled cabinet',
    quantity: /Quantity/,
    quantityError: 'The quantity must be a multiple of 305 m. The nearest valid quantities: 305 or 610.',
    goToCart: /Go to the cart/,
    steps: 'Order steps',
    next: 'Next',
    more: 'Increase quantity',
    less: 'Decrease quantity',
    remove: 'Remove',
  },
} as const;

/**
 * From the product pages: a cabinet (its version is required, then "Szafa złożona") and one 305 m
 * reel of U/UTP cat. 6 (400 m is refused with the nearest valid quantities). Answers the numbers.
 */
async function addCabinetAndReel(page: Page, locale: 'pl' | 'en') {
  const l = L[locale];
  const cabinet = await findProduct(page, 'szafa', (p) => p.choice_of_version === 'Flatpack/Szafa złożona');
  const cabinetNumber = cabinet.catalog_numbers[0]?.number ?? '';
  await page.goto(`/${locale}/product/${cabinet.id}-${cabinet.slug}`);
  await hydrated(page);
  const cabinetForm = page.getByTestId(`add-${cabinetNumber}`);
  await cabinetForm.getByRole('button', { name: l.add }).click();
  await expect(cabinetForm.getByText(l.versionError)).toBeVisible();
  await cabinetForm.getByLabel(l.version).selectOption({ label: l.assembled });
  await cabinetForm.getByRole('button', { name: l.add }).click();
  await expect(cabinetForm.getByRole('link', { name: l.goToCart })).toBeVisible();
  await check(page, `${locale}-product`, locale === 'pl');

  const cable = await findProduct(page, 'kabel U/UTP kat. 6', (p) => p.catalog_numbers.some((n) => n.multiple === 305));
  const reelNumber = cable.catalog_numbers.find((n) => n.multiple === 305)?.number ?? '';
  await page.goto(`/${locale}/product/${cable.id}-${cable.slug}`);
  await hydrated(page);
  const reelForm = page.getByTestId(`add-${reelNumber}`);
  await reelForm.getByLabel(l.quantity).fill('400');
  await reelForm.getByRole('button', { name: l.add }).click();
  await expect(reelForm.getByText(l.quantityError)).toBeVisible();
  await reelForm.getByRole('button', { name: l.more }).click();
  await expect(reelForm.getByLabel(l.quantity)).toHaveValue('610');
  await reelForm.getByRole('button', { name: l.less }).click();
  await expect(reelForm.getByLabel(l.quantity)).toHaveValue('305');
  await reelForm.getByRole('button', { name: l.add }).click();
  await expect(reelForm.getByRole('link', { name: l.goToCart })).toBeVisible();
  return { cabinetNumber, reelNumber };
}

/** Clicks "Dalej"/"Next" (a link on the cart, a button elsewhere) and waits for the next screen. */
async function next(page: Page, locale: 'pl' | 'en', path: string) {
  await page
    .locator('main')
    .getByRole(path === 'cart/order-data' ? 'link' : 'button', { name: L[locale].next, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/${path}$`));
  await hydrated(page);
}

/** Places the order on the summary: answers its id and number from the order-placed screen. */
async function place(page: Page, locale: 'pl' | 'en') {
  await page.getByRole('button', { name: locale === 'pl' ? 'Złóż zamówienie' : 'Place order' }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/cart/order-placed/\\d+$`));
  await hydrated(page);
  const id = Number(/order-placed\/(\d+)$/.exec(page.url())?.[1]);
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^ZS\/\d{4}\/\d{6}$/);
  await expect(page.getByTestId('placed-message')).toContainText(number);
  return { id, number };
}

/** The downloaded order confirmation is a PDF that names the order. */
async function expectOrderPdf(download: Download, number: string, texts: string[]) {
  const bytes = readFileSync((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = (await pdfText(new Uint8Array(bytes))).pages.join('\n');
  for (const part of [number, ...texts]) expect(text).toContain(part);
}

/** The address block under a heading ("Adres dostawy"). */
const addressBlock = (page: Page, heading: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

test('a guest is sent to login from the cart and gets 401 from the cart API', async ({ page }) => {
  await page.goto('/pl/cart');
  await expect(page).toHaveURL(/\/pl\/login\?next=\/pl\/cart$/);
  expect((await page.request.get('/api/cart')).status()).toBe(401);
});

test("a buyer's product page has the add-to-cart form in place in its HTML, shown without waiting for a script", async ({ page }) => {
  await loginViaApi(page, BUYER.email, BUYER.password);
  await page.goto('/pl/category?search=CN-SS-42U-66-K');
  const href = (await page.getByRole('list', { name: 'Lista produktów' }).getByRole('link').first().getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/pl\/product\/\d+-/);
  const html = await (await page.request.get(href, { headers: { accept: 'text/html' } })).text();
  // React moves a Suspense boundary that follows 12.8 kB of page to the end of the document, hidden
  // until an inline script swaps it in; the page is sent whole, so it must stay where it belongs.
  const form = html.indexOf('id="add-to-cart-heading"');
  expect(form).toBeGreaterThan(0);
  expect(form).toBeLessThan(html.indexOf('id="description-heading"'));
  expect(html).not.toMatch(/<div hidden id="S:/);
  expect(html).not.toContain('$RC(');
  await page.goto(href);
  await expect(page.getByRole('region', { name: 'Zamów' })).toBeVisible();
});

test('in Polish a B2B customer edits the cart and orders by courier, personal pickup and custom transport', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, BUYER.email, BUYER.password);
  await expect(page.getByRole('link', { name: 'Sklep B2B' }).first()).toHaveAttribute('href', '/pl/cart');
  await emptyCart(page);
  await page.goto('/pl/cart');
  await expect(page.getByText('Koszyk jest pusty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dalej' })).toHaveCount(0);
  await check(page, 'pl-cart-empty', false);

  const { cabinetNumber, reelNumber } = await addCabinetAndReel(page, 'pl');

  // 1. Product list: the quantity steps by the multiple, a wrong one names the nearest valid ones;
  // the version changes; a quick-order line is added and removed.
  await page.goto('/pl/cart');
  await hydrated(page);
  await expect(page.getByRole('navigation', { name: 'Etapy zamówienia' }).locator('[aria-current="step"]')).toContainText('1');
  const rows = page.getByTestId('cart-row');
  await expect(rows).toHaveCount(2);
  const reelRow = rows.filter({ hasText: reelNumber });
  const reelQuantity = reelRow.getByRole('spinbutton');
  await reelRow.getByRole('button', { name: 'Zwiększ ilość' }).click();
  await expect(reelQuantity).toHaveValue('610');
  await expect(reelQuantity).toBeEnabled();
  const reelValueAt610 = await reelRow.getByTestId('row-value').textContent();
  await reelQuantity.fill('500');
  await reelQuantity.press('Enter');
  await expect(reelRow.getByText('Ilość musi być wielokrotnością 305 m. Najbliższe poprawne ilości: 305 lub 610.')).toBeVisible();
  await expect(reelQuantity).toHaveAttribute('aria-invalid', 'true');
  await reelQuantity.fill('915');
  await reelQuantity.press('Enter');
  await expect(reelRow.getByText('Najbliższe poprawne ilości')).toHaveCount(0);
  await expect(reelRow.getByTestId('row-value')).not.toHaveText(reelValueAt610 ?? '');
  await expect(reelQuantity).toHaveValue('915');
  await reelRow.getByRole('button', { name: 'Zmniejsz ilość' }).click();
  await expect(reelQuantity).toHaveValue('610');
  const cabinetRow = rows.filter({ hasText: cabinetNumber });
  await expect(cabinetRow.getByLabel('Wersja')).toHaveValue('Szafa złożona');
  await cabinetRow.getByLabel('Wersja').selectOption('Flatpack');
  await expect(cabinetRow.getByLabel('Wersja')).toHaveValue('Flatpack');
  await expect(cabinetRow.getByLabel('Wersja')).toBeEnabled();
  await page.getByLabel('Linie zamówienia').fill('CN-PC6U-1-B 4');
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(rows).toHaveCount(3);
  const grossWithCord = await page.getByTestId('total-gross').textContent();
  await rows.filter({ hasText: 'CN-PC6U-1-B' }).getByRole('button', { name: /^Usuń/ }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('total-gross')).not.toHaveText(grossWithCord ?? '');
  const cart = await expectTotals(page);
  expect(cart.positions).toHaveLength(2);
  await check(page, 'pl-cart');

  // 2. Order data: a transport is required; the courier.
  await next(page, 'pl', 'cart/order-data');
  await expect(page.getByText('Instal-Net Sp. z o.o.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByText('Wybierz rodzaj transportu.')).toBeVisible();
  await check(page, 'pl-order-data');
  await page.getByLabel(/Kurier \(paczki do 30 kg\)/).check();
  await page.getByLabel('Uwagi do zamówienia').fill('Rozładunek 7-15, tel. 600 100 200');
  await next(page, 'pl', 'cart/delivery-data');

  // 3. Delivery data: a different address, validated under its fields, then filled in.
  await page.getByLabel('Inny adres dostawy').check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByText('Pole jest wymagane.').first()).toBeVisible();
  await check(page, 'pl-delivery-data');
  await page.getByLabel('Nazwa / odbiorca').fill('Budowa: hala Gniezno');
  await page.getByLabel('Miejscowość').fill('Gniezno');
  await page.getByLabel('Ulica').fill('ul. Kolejowa');
  await page.getByLabel('Nr domu').fill('7');
  await page.getByLabel('Kod pocztowy').fill('62-200');
  await next(page, 'pl', 'cart/summary');

  // 4. Summary: read-only, the courier's packages, the address, the notes, exact totals.
  await expect(page.getByTestId('cart-row')).toHaveCount(2);
  await expect(page.getByTestId('cart-row').getByRole('spinbutton')).toHaveCount(0);
  await expect(page.getByTestId('cart-row').filter({ hasText: cabinetNumber })).toContainText('Wersja: Flatpack');
  await expect(page.getByTestId('summary-transport')).toHaveText('Kurier (paczki do 30 kg)');
  await expect(addressBlock(page, 'Adres dostawy')).toContainText('ul. Kolejowa 7, 62-200 Gniezno');
  await expect(page.getByText('Rozładunek 7-15, tel. 600 100 200')).toBeVisible();
  await expect(page.getByText('30 dni')).toBeVisible();
  await expect(page.getByTestId('custom-note')).toHaveCount(0);
  const courier = await expectTotals(page);
  expect(courier.is_custom_transport).toBe(false);
  expect(courier.packages_count).toBe(Math.ceil(Number(courier.weight_kg) / 30));
  expect(grosze(courier.transport_cost)).toBe(courier.packages_count * 2500);
  await expect(page.getByText('Liczba paczek').locator('..')).toContainText(String(courier.packages_count));
  await check(page, 'pl-summary');

  // 5. Order placed, the confirmation mail with its PDF, my account, the PDF.
  const first = await place(page, 'pl');
  expect(digits(await page.getByTestId('total-gross').textContent())).toBe(digits(courier.gross));
  await check(page, 'pl-order-placed');
  await expect
    .poll(
      () => mailsTo(BUYER.email).find((m) => m.includes('X-Mail-Kind: shop.order-placed') && m.includes(`Dziękujemy za zamówienie ${first.number}`)) ?? '',
      { timeout: 20_000 },
    )
    .toContain(`Content-Disposition: attachment; filename=zamowienie-${first.number.replaceAll('/', '-')}.pdf`);
  await page.getByRole('link', { name: 'Moje zamówienia' }).click();
  await expect(page).toHaveURL(/\/pl\/my-account\/orders$/);
  await expect(page.getByTestId('my-orders').locator('li').first()).toContainText(first.number);
  await check(page, 'pl-my-orders');
  await page.getByRole('link', { name: `Szczegóły ${first.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/pl/my-account/order/${first.id}$`));
  await hydrated(page);
  await expect(page.getByTestId('order-history')).toContainText('Nowe');
  await expect(page.getByTestId('order-status')).toHaveText('Nowe');
  await check(page, 'pl-my-order');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Pobierz potwierdzenie (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe(`zamowienie-${first.number.replaceAll('/', '-')}.pdf`);
  await expectOrderPdf(download, first.number, ['Potwierdzenie zamówienia', 'Instal-Net Sp. z o.o.', reelNumber, cabinetNumber, 'Gniezno']);

  // Personal pickup: the order again; on the delivery data the pickup makes the address Leszno.
  await page.getByRole('button', { name: 'Zamów ponownie' }).click();
  await expect(page).toHaveURL(/\/pl\/cart$/);
  await hydrated(page);
  await expect(page.getByTestId('cart-row')).toHaveCount(2);
  await next(page, 'pl', 'cart/order-data');
  await page.getByLabel(/Kurier \(paczki do 30 kg\)/).check();
  await next(page, 'pl', 'cart/delivery-data');
  await page.getByLabel('Odbiór osobisty: Usługowa 10B, 64-100 Leszno').check();
  await expect(page.getByText('Wybrano odbiór osobisty: towar odbierzesz w magazynie Usługowa 10B, 64-100 Leszno.')).toBeVisible();
  await check(page, 'pl-delivery-pickup');
  await next(page, 'pl', 'cart/summary');
  await expect(page.getByTestId('summary-transport')).toHaveText('Odbiór osobisty (Leszno)');
  await expect(addressBlock(page, 'Adres dostawy')).toContainText('Usługowa 10B, 64-100 Leszno');
  const pickup = await expectTotals(page);
  expect(pickup.transport_cost).toBe('0.00');
  await expect(page.getByText('Liczba paczek')).toHaveCount(0);
  const second = await place(page, 'pl');
  await expect(addressBlock(page, 'Adres dostawy')).toContainText('Usługowa 10B, 64-100 Leszno');
  expect(digits(await page.getByTestId('total-gross').textContent())).toBe(digits(pickup.gross));

  // Custom transport: the note on the cart and the summary, no transport cost, placed with it.
  await page.goto(`/pl/my-account/order/${second.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Zamów ponownie' }).click();
  await expect(page).toHaveURL(/\/pl\/cart$/);
  await hydrated(page);
  // The pickup stays chosen; leaving it on the delivery data for a saved address asks for a transport again.
  await next(page, 'pl', 'cart/order-data');
  await expect(page.getByLabel(/Odbiór osobisty \(Leszno\)/)).toBeChecked();
  await next(page, 'pl', 'cart/delivery-data');
  await expect(page.getByLabel(/Odbiór osobisty: Usługowa 10B/)).toBeChecked();
  await page.getByLabel(/Instal-Net – magazyn/).check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page).toHaveURL(/\/pl\/cart\/order-data$/);
  await hydrated(page);
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await page.getByLabel(/Transport indywidualny/).check();
  await next(page, 'pl', 'cart/delivery-data');
  await expect(page.getByLabel(/Instal-Net – magazyn/)).toBeChecked();
  await next(page, 'pl', 'cart/summary');
  await expect(page.getByTestId('summary-transport')).toHaveText('Transport indywidualny');
  await expect(page.getByTestId('custom-note')).toContainText('wycenimy indywidualnie');
  await expect(addressBlock(page, 'Adres dostawy')).toContainText('ul. Składowa 12, 61-888 Poznań');
  await check(page, 'pl-summary-custom', false);
  // Back to the product list by the step indicator: the note is there too.
  await page
    .getByRole('navigation', { name: 'Etapy zamówienia' })
    .getByRole('link', { name: /Lista produktów/ })
    .click();
  await expect(page).toHaveURL(/\/pl\/cart$/);
  await expect(page.getByTestId('custom-note')).toContainText('wycenimy indywidualnie');
  await page.goto('/pl/cart/summary');
  await hydrated(page);
  const custom = await expectTotals(page);
  expect(custom.is_custom_transport).toBe(true);
  expect(custom.transport_cost).toBe('0.00');
  const third = await place(page, 'pl');
  await expect(page.getByTestId('custom-note')).toContainText('wycenimy indywidualnie');

  // All three in my account, newest first; the cart is empty.
  await page.goto('/pl/my-account/orders');
  const list = page.getByTestId('my-orders').locator('li');
  for (const [i, o] of [third, second, first].entries()) await expect(list.nth(i)).toContainText(o.number);
  await page.goto('/pl/cart');
  await expect(page.getByText('Koszyk jest pusty.')).toBeVisible();
});

test('in English a B2B customer orders by pallet after an over-limit courier shipment turned custom; an administrator confirms it and the buyer gets the mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, BUYER.email, BUYER.password, 'en');
  await expect(page.getByRole('link', { name: 'B2B shop' }).first()).toHaveAttribute('href', '/en/cart');
  await emptyCart(page);
  const { cabinetNumber, reelNumber } = await addCabinetAndReel(page, 'en');

  // 1. Product list in English; 25 reels (over 300 kg) for the courier.
  await page.goto('/en/cart');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Order steps' })).toContainText('Product list');
  await expect(page.getByRole('heading', { name: 'Quick order' })).toBeVisible();
  await page.getByLabel('Order lines').fill('NO-SUCH-NUMBER 5');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('quick-invalid')).toContainText('unknown catalogue number');
  const rows = page.getByTestId('cart-row');
  await expect(rows.filter({ hasText: cabinetNumber }).getByLabel('Version')).toHaveValue('Szafa złożona');
  const reelQuantity = rows.filter({ hasText: reelNumber }).getByRole('spinbutton');
  await reelQuantity.fill('7625');
  await reelQuantity.press('Enter');
  await expect(page.getByText('Total gross')).toBeVisible();
  await expect.poll(async () => Number((await cartOf(page)).weight_kg)).toBeGreaterThan(300);
  await check(page, 'en-cart');

  // 2. Order data: the courier.
  await next(page, 'en', 'cart/order-data');
  await expect(page.getByRole('heading', { name: 'Order data', level: 1 })).toBeVisible();
  await expect(page.getByText('Invoice address')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Choose a transport type.')).toBeVisible();
  await check(page, 'en-order-data', false);
  await page.getByLabel(/Courier \(packages up to 30 kg\)/).check();
  await page.getByLabel('Order notes').fill('Unloading 7-15');
  await next(page, 'en', 'cart/delivery-data');

  // 3. Delivery data: the company's warehouse.
  await expect(page.getByRole('heading', { name: 'Delivery data', level: 1 })).toBeVisible();
  await expect(page.getByLabel(/Personal pickup: Usługowa 10B, 64-100 Leszno/)).toBeVisible();
  await check(page, 'en-delivery-data', false);
  await page.getByLabel(/Instal-Net – magazyn/).check();
  await next(page, 'en', 'cart/summary');

  // 4. Summary: the over-limit courier shipment became custom by itself (no cost, the note).
  await expect(page.getByRole('heading', { name: 'Order summary', level: 1 })).toBeVisible();
  await expect(page.getByTestId('summary-transport')).toHaveText('Courier (packages up to 30 kg)');
  await expect(page.getByTestId('custom-note')).toContainText('price its transport individually');
  await expect(page.getByText('Transport (net)').locator('..')).toContainText('priced individually');
  const overLimit = await expectTotals(page);
  expect(overLimit.is_custom_transport).toBe(true);
  expect(overLimit.transport_cost).toBe('0.00');
  await check(page, 'en-summary-custom');
  await page.goto('/en/cart');
  await expect(page.getByTestId('custom-note')).toContainText('price its transport individually');

  // Then the pallet: one pallet priced, no note.
  await page.goto('/en/cart/order-data');
  await hydrated(page);
  await page.getByLabel(/Pallet shipment/).check();
  await next(page, 'en', 'cart/delivery-data');
  await next(page, 'en', 'cart/summary');
  await expect(page.getByTestId('summary-transport')).toHaveText('Pallet shipment');
  await expect(page.getByTestId('custom-note')).toHaveCount(0);
  await expect(page.getByTestId('cart-row').filter({ hasText: cabinetNumber })).toContainText('Version: Assembled cabinet');
  await expect(addressBlock(page, 'Delivery address')).toContainText('ul. Składowa 12, 61-888 Poznań');
  await expect(page.getByText('30 days')).toBeVisible();
  const pallet = await expectTotals(page);
  expect(pallet.is_custom_transport).toBe(false);
  expect(pallet.pallets_count).toBeGreaterThan(0);
  expect(grosze(pallet.transport_cost)).toBe(pallet.pallets_count * 18_000);
  await expect(page.getByText('Pallets', { exact: true }).locator('..')).toContainText(String(pallet.pallets_count));
  await check(page, 'en-summary', false);

  // 5. Order placed, my account, the PDF in English.
  const order = await place(page, 'en');
  await expect(page.getByRole('heading', { name: 'Order placed', level: 1 })).toBeVisible();
  await expect(page.getByTestId('placed-message')).toHaveText(`Thank you! We have received order ${order.number}.`);
  expect(digits(await page.getByTestId('total-gross').textContent())).toBe(digits(pallet.gross));
  await check(page, 'en-order-placed');
  await page.getByRole('link', { name: 'My orders' }).click();
  await expect(page).toHaveURL(/\/en\/my-account\/orders$/);
  await expect(page.getByTestId('my-orders').locator('li').first()).toContainText(order.number);
  await expect(page.getByTestId('my-orders').locator('li').first()).toContainText('New');
  await check(page, 'en-my-orders', false);
  await page.getByRole('link', { name: `Details ${order.number}` }).click();
  await hydrated(page);
  await expect(page.getByTestId('order-history')).toContainText('New');
  await check(page, 'en-my-order', false);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the confirmation (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe(`order-${order.number.replaceAll('/', '-')}.pdf`);
  await expectOrderPdf(download, order.number, ['Order confirmation', 'Instal-Net Sp. z o.o.', reelNumber]);
  await expect
    .poll(() => mailsTo(BUYER.email).find((m) => m.includes('X-Mail-Kind: shop.order-placed') && m.includes(`Thank you for order ${order.number}`)) ?? '', {
      timeout: 20_000,
    })
    .toContain(`filename=order-${order.number.replaceAll('/', '-')}.pdf`);

  // An administrator confirms it in /en/admin/order/{id}; the buyer's mail comes in the order's language.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.setViewportSize({ width: 1280, height: 800 });
  await login(admin, ADMIN.email, ADMIN.password, 'en');
  await admin.goto(`/en/admin/order/${order.id}`);
  await hydrated(admin);
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect(admin.getByText(reelNumber).first()).toBeVisible();
  await admin.getByLabel('New status').selectOption({ label: 'Confirmed' });
  await admin.getByLabel("Comment (goes into the buyer's e-mail)").fill('Pallet leaves tomorrow at 8.');
  await admin.getByRole('button', { name: 'Change status', exact: true }).click();
  await expect(admin.getByText(`Order ${order.number}: Confirmed.`).first()).toBeVisible();
  await check(admin, 'en-admin-order', false);
  await adminContext.close();
  const statusMail = () =>
    mailsTo(BUYER.email).find((m) => m.includes('X-Mail-Kind: shop.order-status') && m.includes(`Status of order ${order.number}: Confirmed`)) ?? '';
  await expect.poll(statusMail, { timeout: 20_000 }).toContain('Pallet leaves tomorrow at 8.');
  const mail = statusMail();
  expect(mail).toContain('Content-Language: en');
  expect(mail).toContain('The status of your order has changed to "Confirmed".');
  expect(mail).toContain(`/en/my-account/order/${order.id}`);

  // The buyer sees the new status and its comment.
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
  await expect(page.getByTestId('order-history')).toContainText('Pallet leaves tomorrow at 8.');
});

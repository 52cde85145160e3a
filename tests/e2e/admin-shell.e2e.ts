// Issue 17, the admin shell and dashboard in Chromium: the panel has its own chrome (no public
// header or footer), a sidebar of the areas (a drawer below 1024 px, usable by keyboard), a top bar
// with the user, PL/EN keeping the path, "view site" and logout; the dashboard counts follow the data.
// (Which areas a limited admin sees is proven at the loader level in
// src/app/admin/tests/admin-dashboard.db.test.ts: no API creates a role with one permission.)
import { expect, type Page, request, test } from '@playwright/test';
import { BUILT_ADMIN_AREAS } from '../../src/app/admin/areas';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'tmp/screenshots';
const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };

async function loginAsAdmin(page: Page) {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-shell-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-shell-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Files a complaint through the public API, as a visitor would. */
async function fileComplaint() {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await ctx.post('/api/complaints', {
    headers: { 'x-xsrf-token': xsrf },
    multipart: {
      company_name: 'Pulpit Test Sp. z o.o.',
      tax_identification_nr: '',
      street: 'ul. Testowa 2',
      postcode: '64-100',
      post: 'Leszno',
      contact_person: 'Ewa Pulpit',
      phone: '+48 600 000 001',
      email: `admin-shell.${Date.now().toString(36)}@example.com`,
      purchase_date: '2026-01-10',
      purchase_document_number: 'ZAM/2/2026',
      product_name: 'Panel krosowy 24 porty',
      description: 'Port 5 nie przechodzi pomiaru.',
      defect_noticed_date: '2026-01-20',
      preferred_action: 'repair',
      is_different_delivery_address: '0',
      accepted_privacy: '1',
      accepted_rodo: '1',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await ctx.dispose();
}

const complaintsCard = (page: Page) => page.locator('[data-count="complaints"]');
const countIn = async (page: Page) => Number(((await complaintsCard(page).locator('span').first().textContent()) ?? '').replace(/\D/g, ''));

test('the panel has its own shell: sidebar of the areas, the user, no public header or footer', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAsAdmin(page);
  await page.goto('/pl/admin');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel administracyjny');
  // The public chrome is gone: no main menu, no search, no footer.
  await expect(page.getByRole('navigation', { name: 'Menu główne' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  // The sidebar: the dashboard and every built area of an administrator, in order.
  const nav = page.getByRole('navigation', { name: 'Panel administracyjny' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pulpit' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('listitem')).toHaveCount(BUILT_ADMIN_AREAS.length);
  await expect(nav.getByRole('link', { name: 'Reklamacje' })).toHaveAttribute('href', '/pl/admin/complaints');
  // The top bar: the user, PL/EN, view site, logout.
  const bar = page.getByRole('banner');
  await expect(bar).toContainText(ADMIN.email);
  await expect(bar.getByRole('link', { name: 'Zobacz stronę' })).toHaveAttribute('href', '/pl');
  await expect(bar.getByRole('navigation', { name: 'Język' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Wyloguj' })).toBeVisible();
  // The dashboard: waiting work, recent changes, the mail outbox.
  await expect(page.getByRole('heading', { name: 'Czeka na Ciebie' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Konta czekające na aktywację/ })).toHaveAttribute('href', '/pl/admin/users?verified=1&active=0');
  await expect(page.getByRole('link', { name: /Wnioski o dostęp do sklepu B2B/ })).toHaveAttribute('href', '/pl/admin/users?b2b=request');
  await expect(page.getByRole('heading', { name: 'Ostatnie zmiany' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kolejka poczty' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kolejka poczty' })).toContainText('Oczekujące');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'dashboard-pl');

  // The skip link leads to the content.
  await page.goto('/pl/admin/complaints');
  await hydrated(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Przejdź do treści' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Reklamacje' })).toHaveAttribute('aria-current', 'page');
});

test("the sidebar groups the areas; a closed group stays closed after a reload, the current area's group always shows (issue 41 point 17)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAsAdmin(page);
  await page.goto('/pl/admin');
  await hydrated(page);
  await page.evaluate(() => localStorage.removeItem('admin-nav-collapsed'));
  await page.reload();
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: 'Panel administracyjny' });
  const groups = nav.getByRole('heading', { level: 3 });
  await expect(groups).toHaveText(['Katalog', 'Sprzedaż', 'Treści', 'Szkolenia', 'Wypożyczalnia', 'Ludzie', 'System']);
  const catalogue = nav.getByRole('button', { name: 'Katalog' });
  await expect(catalogue).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Produkty' })).toBeVisible();
  await catalogue.click();
  await expect(catalogue).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Produkty' })).toBeHidden();
  await page.reload();
  await hydrated(page);
  await expect(nav.getByRole('button', { name: 'Katalog' })).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Produkty' })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Reklamacje' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, { path: `${SHOTS}/admin-sidebar-groups-pl-1366.png` });
  // On an area of a closed group, that group shows.
  await page.goto('/pl/admin/products');
  await hydrated(page);
  await expect(nav.getByRole('link', { name: 'Produkty' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/en/admin');
  await hydrated(page);
  await expect(page.getByRole('navigation', { name: 'Admin panel' }).getByRole('heading', { level: 3 })).toHaveText([
    'Catalogue',
    'Sales',
    'Content',
    'Learning',
    'Rentals',
    'People',
    'System',
  ]);
  await page.evaluate(() => localStorage.removeItem('admin-nav-collapsed'));
});

test('the dashboard count of complaints grows when a complaint is filed', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin');
  const before = await countIn(page);
  await fileComplaint();
  await page.reload();
  await expect(complaintsCard(page)).toContainText('Reklamacje do obsłużenia');
  expect(await countIn(page)).toBe(before + 1);
  await complaintsCard(page).click();
  await expect(page).toHaveURL(/\/pl\/admin\/complaints$/);
  await expect(page.getByRole('row').filter({ hasText: 'Pulpit Test Sp. z o.o.' })).toHaveCount(1);
});

test('the locale switch keeps the admin path; view site leads to the public site', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/complaints');
  await hydrated(page);
  await page.getByRole('banner').getByRole('navigation', { name: 'Język' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/admin\/complaints$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complaints');
  await expect(page.getByRole('navigation', { name: 'Admin panel' }).getByRole('link', { name: 'Complaints' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('navigation', { name: 'Admin panel' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/en\/admin$/);
  await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Complaints awaiting action/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'dashboard-en');
  await page.getByRole('banner').getByRole('link', { name: 'View site' }).click();
  await expect(page).toHaveURL(/\/en$/);
  // Back on the public site, its header and footer are there again.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('below 1024 px the sidebar is a drawer, opened, used and closed by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsAdmin(page);
  await page.goto('/pl/admin');
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: 'Panel administracyjny' });
  const toggle = page.getByRole('button', { name: 'Menu panelu', exact: true });
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Focus moves into the drawer and Tab stays inside it (Shift+Tab from the first item wraps).
  await expect(page.getByRole('button', { name: 'Zamknij menu panelu' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(nav.getByRole('button', { name: 'Wyloguj' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Zamknij menu panelu' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await shot(page, { path: `${SHOTS}/admin-shell-drawer-pl-360.png` });
  // Escape closes it and gives the focus back to the menu button.
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();
  // Open again, go to an area with the keyboard: the drawer closes on navigation.
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Pulpit' })).toBeFocused();
  // Group by group (each group's button, then its areas) down to Complaints in Sales.
  const complaints = nav.getByRole('link', { name: 'Reklamacje' });
  for (let i = 0; i < BUILT_ADMIN_AREAS.length + 10 && !(await complaints.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(complaints).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pl\/admin\/complaints$/);
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reklamacje');
});

test('logout from the top bar ends the session', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin');
  await hydrated(page);
  await page.getByRole('banner').getByRole('button', { name: 'Wyloguj' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/pl/admin'));
  await page.goto('/pl/admin');
  await expect(page).toHaveURL(/\/pl\/login\?next=\/pl\/admin$/);
});

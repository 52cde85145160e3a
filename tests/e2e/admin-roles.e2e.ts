// The roles and permissions editor in Chromium (issue 37): an administrator makes a news editor role
// in the grid (admin access + posts changes, which ticks posts view), gives it to a user on the user
// screen's role picker, and that user sees only the posts areas (and service's overview) in the menu.
// Screenshots at 1366 and 360 px of the list, the new role form, an edit form and Administrator's.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, shot } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const SHOTS = 'tmp/shots';
const run = Date.now().toString(36);
const editorEmail = `redaktor.${run}@example.com`;
const PASSWORD = 'Kabel-Miedz-Cat6A-e2e';
const ROLE = 'Redaktor aktualności';

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function shots(page: Page, name: string) {
  // From the top: a full-page shot of a scrolled page draws the sticky bar in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-roles-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-roles-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function login(page: Page, email: string, password: string) {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel('Hasło').fill(password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

/** An admin API call from the page's session (its cookies and anti-forgery token). */
async function adminCall(req: APIRequestContext, page: Page, method: 'POST' | 'GET', url: string) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = method === 'GET' ? await req.get(url) : await req.post(url, { headers: { 'x-xsrf-token': xsrf } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
  return res.json();
}

test('a news editor role made in the grid opens only the posts areas to its holder', async ({ page, browser }) => {
  // A registered user, verified and activated by the administrator.
  const reg = await page.request.get('/healthz').then(async () => {
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    return page.request.post('/api/register', {
      headers: { 'x-xsrf-token': xsrf },
      data: {
        first_name: 'Renata',
        surname: 'Redakcyjna',
        email: editorEmail,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        default_locale: 'pl',
        company: 'Redakcja',
        position: 'Redaktor',
        address: '',
        city: 'Poznań',
        country: 'Polska',
        province: '',
        postcode: '60-101',
        tax_identification_nr: '',
        phone: '',
        accepted_terms: '1',
        accepted_privacy: '1',
        accepted_rodo: '1',
        is_b2b_request: '0',
      },
    });
  });
  expect(reg.status(), await reg.text()).toBe(200);
  await page.context().clearCookies();

  await login(page, ADMIN.email, ADMIN.password);
  const found = await adminCall(page.request, page, 'GET', `/api/admin/users?search=${encodeURIComponent(editorEmail)}`);
  const userId = found.items[0].id as number;
  await adminCall(page.request, page, 'POST', `/api/admin/users/${userId}/verify-email`);
  await adminCall(page.request, page, 'POST', `/api/admin/users/${userId}/activate`);

  // The list: built-in roles, Administrator only to look at.
  await page.goto('/pl/admin/roles');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Role i uprawnienia');
  const adminRow = page.getByRole('row').filter({ hasText: 'Administrator' });
  await expect(adminRow).toContainText('wbudowana');
  await expect(adminRow).toContainText('wszystkie');
  await expect(adminRow.getByRole('link', { name: 'Pokaż: Administrator' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'list');

  // A new role through the grid.
  await page.getByRole('link', { name: 'Nowa rola' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/role$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nowa rola');
  // Names are checked on the server: an empty form shows the messages under the fields.
  await page.getByRole('button', { name: 'Utwórz rolę' }).click();
  await expect(page.locator('#role-name_pl-error')).toHaveText('To pole jest wymagane.');
  await expect(page.locator('#role-name_en-error')).toHaveText('To pole jest wymagane.');
  await page.getByLabel('Nazwa (PL)').fill(ROLE);
  await page.getByLabel('Nazwa (EN)').fill('News editor');
  const grid = page.getByRole('group', { name: 'Uprawnienia' });
  await grid.getByLabel('Panel administracyjny: dostęp do panelu').check();
  const postsView = grid.getByLabel('Aktualności, filmy i realizacje: podgląd');
  await expect(postsView).not.toBeChecked();
  // Keyboard: the checkbox takes focus and Space ticks it; changes tick view too.
  await grid.getByLabel('Aktualności, filmy i realizacje: zmiany').focus();
  await page.keyboard.press('Space');
  await expect(grid.getByLabel('Aktualności, filmy i realizacje: zmiany')).toBeChecked();
  await expect(postsView).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'new');
  await page.getByRole('button', { name: 'Utwórz rolę' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/roles$/);
  await expect(page.getByText('Rola została utworzona.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: ROLE });
  await expect(row).toContainText('3');

  // The edit screen shows what was saved.
  await row.getByRole('link', { name: `Edytuj: ${ROLE}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROLE);
  await expect(page.getByRole('group', { name: 'Uprawnienia' }).getByLabel('Aktualności, filmy i realizacje: zmiany')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Uprawnienia' }).getByLabel('Zamówienia: podgląd')).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'edit');

  // Administrator: read-only with the reason.
  await page.goto('/pl/admin/role/1');
  await expect(page.getByText('Administrator ma zawsze wszystkie uprawnienia')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Uprawnienia' }).getByLabel('Zamówienia: zmiany')).toBeDisabled();
  await expect(page.getByRole('group', { name: 'Uprawnienia' }).getByLabel('Zamówienia: zmiany')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Zapisz', exact: true })).toHaveCount(0);
  await shots(page, 'administrator');

  // The user screen's role picker lists the new role; the administrator gives it to the user.
  await page.goto(`/pl/admin/user/${userId}`);
  const picker = page.getByRole('group', { name: 'Role' });
  await picker.getByLabel(ROLE).check();
  await page.getByRole('button', { name: 'Zapisz role' }).click();
  await expect(page.getByText('Zapisano role użytkownika.')).toBeVisible();

  // The list counts the holder, and deleting is then refused with the reason on the screen.
  await page.goto('/pl/admin/roles');
  await expect(page.getByRole('row').filter({ hasText: ROLE })).toContainText('nie można usunąć');

  // The holder sees the posts areas and service's overview, nothing else.
  const context = await browser.newContext({ baseURL });
  const editor = await context.newPage();
  await login(editor, editorEmail, PASSWORD);
  await editor.goto('/pl/admin');
  const nav = editor.getByRole('navigation', { name: 'Panel administracyjny' });
  await expect(nav.getByRole('link', { name: 'Aktualności' })).toBeVisible();
  const areas = await nav.getByRole('list').getByRole('link').allTextContents();
  expect(areas.map((a) => a.trim())).toEqual(['Aktualności', 'Filmy', 'Realizacje', 'Serwis']);
  await editor.goto('/pl/admin/roles');
  await expect(editor).toHaveURL(/\/pl$/);
  await context.close();
});

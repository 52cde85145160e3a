// Admin area transport-types (issue 11): the list of the demo types, an edit that the cart's price
// follows, validation under the fields, the confirm dialog before deleting; axe on both screens.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';
import { login } from './rentals-helpers';

const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const shots = process.env.SHOP_SHOTS;

test('an administrator lists, adds, edits and deletes transport types', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/pl/admin/transport-types');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Rodzaje transportu', level: 1 })).toBeVisible();
  for (const name of ['Kurier (paczki do 30 kg)', 'Przesyłka paletowa', 'Odbiór osobisty (Leszno)', 'Transport indywidualny']) {
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  if (shots) await page.screenshot({ path: `${shots}/admin-transport-types-desktop.png`, fullPage: true });

  await page.getByRole('link', { name: 'Dodaj rodzaj transportu' }).click();
  await hydrated(page);
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText('Pole jest wymagane.').first()).toBeVisible();
  await page.getByLabel('Nazwa (PL)').fill('Kurier ekspres');
  await page.getByLabel('Nazwa (EN)').fill('Express courier');
  await page.getByLabel('Cena netto za paczkę / paletę').fill('39,90');
  await page.getByLabel('Maks. kg na paczkę / paletę').fill('20');
  await expectNoSeriousA11yViolations(page);
  if (shots) {
    await page.screenshot({ path: `${shots}/admin-transport-type-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: `${shots}/admin-transport-type-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/transport-types$/);
  await expect(page.getByRole('row').filter({ hasText: 'Kurier ekspres' })).toContainText('39,90');
  const list = (await (await page.request.get('/api/transport-types')).json()) as { name: string }[];
  expect(list.map((x) => x.name)).toContain('Kurier ekspres');

  await page.getByRole('link', { name: 'Kurier ekspres' }).click();
  await hydrated(page);
  await page.getByRole('button', { name: 'Usuń' }).click();
  await page.getByRole('button', { name: 'Tak' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/transport-types$/);
  await expect(page.getByRole('link', { name: 'Kurier ekspres' })).toHaveCount(0);
});

// Issue 42 in Chromium (pl): the public check of an installer's certificate, by the form (number +
// surname) and by the link printed on the PDF, for the demo installer's valid and expired
// certificates; a wrong surname answers as an unknown number. Screenshots at 360 and 1366 px.
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, acceptCookies, apiContext, loginInBrowser } from './course-helpers';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'tmp/shots';

interface Listed {
  number: string;
  code: string;
  status: 'valid' | 'expired' | 'revoked';
  holder: string;
}

/** The demo installer's certificates, as the admin's list shows them. */
async function demoCertificates(): Promise<{ valid: Listed; expired: Listed }> {
  const { ctx } = await apiContext(ADMIN);
  const res = await ctx.get('/api/admin/training-certificates?search=Instalator');
  expect(res.status()).toBe(200);
  const items = (await res.json()).items as Listed[];
  const valid = items.find((i) => i.status === 'valid');
  const expired = items.find((i) => i.status === 'expired');
  if (!valid || !expired) throw new Error('demo certificates missing');
  return { valid, expired };
}

async function check(page: Page, number: string, surname: string) {
  await page.getByLabel('Numer certyfikatu').fill(number);
  await page.getByLabel('Nazwisko posiadacza').fill(surname);
  await page.getByRole('button', { name: 'Sprawdź' }).click();
}

test('a visitor checks a valid and an expired certificate by the form and by the link (pl)', async ({ page }) => {
  const { valid, expired } = await demoCertificates();
  await page.goto('/pl/certificates/verify');
  await acceptCookies(page);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sprawdź certyfikat instalatora' })).toBeVisible();

  // The number alone answers nothing: the surname is required.
  await page.getByLabel('Numer certyfikatu').fill(valid.number);
  await page.getByRole('button', { name: 'Sprawdź' }).click();
  await expect(page.getByLabel('Nazwisko posiadacza')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-certificate-status]')).toHaveCount(0);

  await check(page, valid.number, 'instalator');
  const result = page.locator('[data-certificate-status]');
  await expect(result).toHaveAttribute('data-certificate-status', 'valid');
  await expect(result).toContainText('Certyfikat jest ważny.');
  await expect(result).toContainText('Marek Instalator');
  await expect(result).toContainText(valid.number);
  await expect(result).toContainText(/Ważny do\s*\d{2}\.\d{2}\.\d{4}/);
  await expectNoSeriousA11yViolations(page, 'main');
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: a full-page picture of a scrolled page draws the sticky header over the form.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, { path: `${SHOTS}/certificate-verify-valid-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // A wrong surname: the same answer as an unknown number, no name.
  await check(page, valid.number, 'Kowalski');
  await expect(page.locator('[data-certificate-invalid]')).toHaveText('Nie znaleziono certyfikatu o tym numerze i nazwisku posiadacza.');
  await expect(page.locator('[data-certificate-status]')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('Marek');

  await check(page, expired.number, 'Instalator');
  await expect(result).toHaveAttribute('data-certificate-status', 'expired');
  await expect(result).toContainText('Certyfikat wygasł.');
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: a full-page picture of a scrolled page draws the sticky header over the form.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, { path: `${SHOTS}/certificate-verify-expired-${width}.png`, fullPage: true });
  }

  // The link form printed on the PDF and in its QR code.
  await page.goto(`/pl/certificates/${valid.code}`);
  await expect(page.locator('[data-certificate-status]')).toHaveAttribute('data-certificate-status', 'valid');
  await expect(page.locator('main')).toContainText('Marek Instalator');
  await page.goto(`/pl/certificates/${expired.code}`);
  const page2 = page.locator('[data-certificate-status]');
  await expect(page2).toHaveAttribute('data-certificate-status', 'expired');
  await expect(page2).toContainText('Certyfikat wygasł.');
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: a full-page picture of a scrolled page draws the sticky header over the form.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, { path: `${SHOTS}/certificate-link-expired-${width}.png`, fullPage: true });
  }
  // A number in place of the code shows nothing.
  const bare = await page.goto(`/pl/certificates/${valid.number.replaceAll('/', '-')}`);
  expect(bare?.status()).toBe(404);
  await expect(page.locator('[data-certificate-invalid]')).toBeVisible();
});

test('the admin lists the expired demo certificate and opens the revoke dialog with its reason field (pl)', async ({ page }) => {
  const { expired } = await demoCertificates();
  await loginInBrowser(page, ADMIN.email, ADMIN.password);
  await page.goto('/pl/admin/training-certificates?status=expired');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Certyfikaty szkoleń online' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: expired.number });
  await expect(row).toContainText('Wygasł');
  await expect(row.getByRole('link', { name: expired.number })).toHaveAttribute('href', `/pl/certificates/${expired.code}`);
  await row.getByRole('button', { name: /Unieważnij/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Unieważnić certyfikat?');
  await expect(dialog.getByLabel('Powód unieważnienia')).toBeVisible();
  await shot(page, { path: `${SHOTS}/admin-certificates-revoke-1366.png` });
  await dialog.getByRole('button', { name: 'Nie' }).click();
  await expect(dialog).toHaveCount(0);
});

// Issue 41 point 14: a logged-in user who sends a complaint finds it in My account: the link after
// sending, the list (number, status, dates, files) and the detail with the attachment that downloads.
import { expect, test } from '@playwright/test';
import { translator } from '../../src/core/i18n/locale';
import { formsMessages } from '../../src/features/forms/messages';
import { hydrated, shot } from './fixtures';
import { loginViaApi } from './rentals-helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const ADD = { pl: 'Dodaj załącznik', en: 'Add attachment' };

for (const locale of ['pl', 'en'] as const) {
  test(`my complaints (${locale}): a complaint sent while logged in is listed with its status, dates and file, and its detail downloads the file`, async ({
    page,
  }) => {
    const t = translator(formsMessages, locale);
    await loginViaApi(page, 'sklep@example.com', 'Kabel-Sklep-B2B-2026');
    await page.goto(`/${locale}/complaint-form`);
    await hydrated(page);
    const product = `Panel krosowy 24 x RJ45 (${locale}, ${Date.now().toString(36)})`;
    const fields: [string, string][] = [
      ['complaint.company_name', 'Sklep Kablowy Sp. z o.o.'],
      ['complaint.contact_person', 'Jan Kowalski'],
      ['complaint.phone', '+48 600 100 200'],
      ['complaint.purchase_date', '2026-01-15'],
      ['complaint.purchase_document_number', 'FV/2026/01/77'],
      ['complaint.product_name', product],
      ['complaint.description', 'Dwa porty nie łączą.'],
      ['complaint.defect_noticed_date', '2026-02-01'],
    ];
    for (const [key, value] of fields) await page.getByLabel(t(key as 'complaint.phone')).fill(value);
    await page.getByLabel(t('complaint.street')).first().fill('ul. Usługowa 10B');
    await page.getByLabel(t('complaint.postcode')).first().fill('64-100');
    await page.getByLabel(t('complaint.post')).first().fill('Leszno');
    await page.getByLabel(t('complaint.action.repair'), { exact: true }).check();
    const adder = page.getByRole('group', { name: t('complaint.attachments') });
    await adder.locator('input[type=file]').setInputFiles({ name: 'protokół.pdf', mimeType: 'application/pdf', buffer: PDF });
    await adder.getByRole('button', { name: ADD[locale] }).click();
    await page.getByLabel(t('consent.privacy.before').trim()).check();
    await page.getByLabel(t('consent.rodo')).check();
    await page.getByRole('button', { name: t('complaint.submit') }).click();
    const sent = page.getByRole('status').filter({ hasText: t('complaint.sentTitle') });
    await expect(sent).toBeVisible();
    const number = ((await sent.textContent()) ?? '').match(/RK\/\d{4}\/\d{4}/)?.[0] ?? '';
    expect(number).not.toBe('');

    // The confirmation links to My complaints, where the new complaint is listed first.
    await sent.getByRole('link', { name: t('complaint.my.title') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/my-account/complaints$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('complaint.my.title'));
    const row = page.getByRole('main').getByRole('listitem').filter({ hasText: number });
    await expect(row).toContainText(product);
    await expect(row).toContainText(t('status.new'));
    await expect(row).toContainText(t('complaint.my.attachments', { n: 1 }));
    await expect(row).toContainText(/\d\d\.\d\d\.\d{4}/);
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, { path: `tmp/shots/my-complaints-${locale}-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, { path: `tmp/shots/my-complaints-${locale}-360.png`, fullPage: true });

    await row.getByRole('link', { name: number }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('admin.complaint.title', { number }));
    await expect(page.getByText(product)).toBeVisible();
    await expect(page.getByText(t('complaint.my.filedStatus'))).toBeVisible();
    const file = page.getByRole('link', { name: 'protokół.pdf' });
    const download = await page.request.get(new URL((await file.getAttribute('href')) as string, page.url()).toString());
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
    await shot(page, { path: `tmp/shots/my-complaint-${locale}-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, { path: `tmp/shots/my-complaint-${locale}-1366.png`, fullPage: true });
    // The My account menu marks the section.
    await expect(page.getByRole('link', { name: locale === 'pl' ? 'Reklamacje' : 'Complaints', exact: true }).first()).toHaveAttribute('aria-current', 'page');
  });
}

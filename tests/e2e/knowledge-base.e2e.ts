import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';

// Issue 17: the knowledge base lists the product documents by type and searches its documents.

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL as string }]);
});

test('the Documents section lists the product documents by type, each type in full on its own', async ({ page }) => {
  await page.goto('/en/knowledge-base?section=Dokumenty');
  const library = page.getByTestId('kb-product-documents');
  await expect(library.getByRole('heading', { level: 2, name: 'Product documents' })).toBeVisible();
  const types = await library.locator('section[data-type]').evaluateAll((s) => s.map((e) => e.getAttribute('data-type')));
  expect(types).toEqual(['declaration_of_conformity', 'declaration_of_performance', 'certificate', 'cad', 'revit', 'other']);
  for (const name of ['Declarations of conformity', 'Declarations of performance', 'Certificates', 'CAD drawings', 'Revit families']) {
    await expect(library.getByRole('heading', { level: 3, name: new RegExp(`^${name} \\(\\d+\\)$`) })).toBeVisible();
  }
  const conformity = library.getByRole('link', { name: 'EU declaration of conformity – copper cables' });
  await expect(conformity).toHaveAttribute('href', /^\/files\/[0-9a-f-]{36}\/declaration-of-conformity-copper-cables\.pdf$/);
  const pdf = await page.request.get((await conformity.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // Each entry names its products, linked to their pages.
  const item = library.getByRole('listitem').filter({ hasText: 'EU declaration of conformity – copper cables' });
  await expect(item.getByRole('link').nth(1)).toHaveAttribute('href', /^\/en\/product\/\d+-/);
  await expect(item).toContainText(/and \d+ more/);
  await expectNoSeriousA11yViolations(page);

  // CAD drawings are many: six are shown, and "show all" lists every one of them.
  const cad = library.locator('section[data-type="cad"]');
  const heading = (await cad.getByRole('heading', { level: 3 }).textContent()) ?? '';
  const total = Number(/\((\d+)\)/.exec(heading)?.[1]);
  expect(total).toBeGreaterThan(6);
  await expect(cad.getByRole('listitem')).toHaveCount(6);
  await cad.getByRole('link', { name: `Show all: CAD drawings (${total})` }).click();
  await expect(page).toHaveURL(/\/en\/knowledge-base\?section=Dokumenty&type=cad$/);
  await expect(page.getByTestId('kb-product-documents').getByRole('listitem')).toHaveCount(total);
  await expect(page.getByTestId('kb-product-documents').locator('section[data-type]')).toHaveCount(1);
  await page.getByRole('link', { name: 'All document types' }).click();
  await expect(page).toHaveURL(/\/en\/knowledge-base\?section=Dokumenty$/);
});

test('the search finds pages of every section and product documents, in either language', async ({ page }) => {
  await page.goto('/pl/knowledge-base');
  await hydrated(page);
  await page.getByLabel('Szukaj w bazie wiedzy').fill('deklaracja właściwości');
  await page.getByLabel('Szukaj w bazie wiedzy').press('Enter');
  await expect(page).toHaveURL(/\/pl\/knowledge-base\?q=deklaracja\+w%C5%82a%C5%9Bciwo%C5%9Bci$/);
  const results = page.getByTestId('kb-results');
  await expect(results.getByRole('heading', { level: 2 })).toHaveText('Wyniki wyszukiwania: „deklaracja właściwości”');
  const documents = results.getByTestId('kb-product-documents');
  await expect(documents.locator('section[data-type]')).toHaveCount(1);
  await expect(documents.locator('section[data-type="declaration_of_performance"]').getByRole('listitem')).toHaveCount(3);
  // The results cover every section: no section tab is the current one.
  const tabs = page.getByRole('navigation', { name: 'Działy bazy wiedzy' });
  await expect(tabs.getByRole('link')).toHaveCount(3);
  await expect(tabs.locator('[aria-current]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A catalogue number finds that product's own CAD drawing and Revit family; accents do not matter.
  await page.goto('/en/knowledge-base?q=CN-SS-42U-66-G');
  const byNumber = page.getByTestId('kb-product-documents');
  await expect(byNumber.locator('section[data-type="cad"]').getByRole('link', { name: 'CAD drawing CN-SS-42U-66-G (DXF)' })).toHaveAttribute(
    'href',
    /\/cad-drawing-cn-ss-42u-66-g\.dxf$/,
  );
  await expect(byNumber.locator('section[data-type="revit"]')).toContainText('Revit family CN-SS-42U-66-G');

  // Static pages of the sections are found by their text; the section tabs leave the search.
  await page.goto('/en/knowledge-base?q=katalog');
  await expect(
    page
      .getByTestId('kb-items')
      .getByRole('link', { name: /COBI product catalogue|catalogue/i })
      .first(),
  ).toBeVisible();
  await page.getByRole('navigation', { name: 'Knowledge base sections' }).getByRole('link', { name: 'Instructions' }).click();
  await expect(page).toHaveURL(/\/en\/knowledge-base\?section=Instrukcje$/);
  await expect(page.getByTestId('kb-results')).toHaveCount(0);

  // Nothing found says so, with a way back.
  await page.goto('/en/knowledge-base?q=zzzznothing');
  await expect(page.getByTestId('kb-results').getByRole('status')).toHaveText('Nothing found for “zzzznothing”. Check the spelling or try a shorter word.');
  await page.getByRole('link', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/en\/knowledge-base$/);
});

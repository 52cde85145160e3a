// Issue 16 in Chromium: the cable-tray fill and cable-separation calculator for a visitor who got
// access through the newsletter (signup, confirmation mail, welcome mail's access link), used by
// keyboard and by mouse with the drawing redrawn as the inputs change; the workbook download with
// its four sheets, opening with the page's inputs and recomputing to the rules' results; the workbook refused (403) without access. Axe on the calculator; screenshots at
// 1280 and 360 px go to tmp/screens-calculator.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { separation, trayFill } from '../../src/features/calculator/rules';
import { Evaluator } from '../../src/features/calculator/tests/formula-eval';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3210);
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
const baseURL = `http://localhost:${port}`;
const SHOTS = 'tmp/screens-calculator';
const email = `calc.${Date.now().toString(36)}@example.com`;

/** The decoded text of the newest mail to `to` whose text matches `subject` (quoted-printable or base64 parts). */
function mailText(to: string, subject: RegExp): string {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
  } catch {
    return '';
  }
  const texts = files
    .sort()
    .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
    .filter((raw) => raw.includes(`\nTo: ${to}`))
    .map((raw) => {
      const unfolded = raw.replace(/=\r?\n/g, '');
      const qp = Buffer.from(
        unfolded.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
      const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
        .map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'))
        .join('\n');
      return `${qp}\n${b64}`;
    })
    .filter((text) => subject.test(text));
  return texts.at(-1) ?? '';
}

async function mailLink(to: string, subject: RegExp, part: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        link = (mailText(to, subject).match(/https?:\/\/[^\s"<>]+/g) ?? []).find((u) => u.includes(part)) ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

async function shoot(page: Page, name: string) {
  await shot(page, { path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, { path: `${SHOTS}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
});

test('without access the workbook is refused and the page shows the offer, not the calculator', async ({ page, request }) => {
  const res = await request.get('/api/calculator/workbook');
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe('Kalkulator i jego arkusz są dostępne dla subskrybentów newslettera i po zakupie kalkulatora.');
  await page.goto('/pl/calculator');
  await expect(page.getByTestId('calculator-price')).toBeVisible();
  await expect(page.getByTestId('calculator-app')).toHaveCount(0);
});

test('a subscriber uses the calculator by keyboard and mouse and downloads the workbook', async ({ page }) => {
  // Access through the newsletter: signup on the newsletter page, the confirmation mail, the access link.
  await page.goto('/pl/newsletter');
  await hydrated(page);
  const form = page.locator('main form').first();
  await form.getByLabel('Imię').fill('Piotr');
  await form.getByLabel('Adres e-mail').fill(email);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Zapisz się' }).click();
  await page.goto(await mailLink(email, /Potwierdź zapis/, '/newsletter/confirm/'));
  await page.getByRole('button', { name: 'Potwierdzam zapis' }).click();
  await expect(page.getByRole('status')).toContainText('został potwierdzony');
  await page.goto(await mailLink(email, /Witamy w newsletterze/, '/calculator/access/'));
  await expect(page).toHaveURL(/\/pl\/calculator$/);
  await hydrated(page);

  const app = page.getByTestId('calculator-app');
  await expect(app).toBeVisible();
  const status = page.getByTestId('fill-status');
  const drawing = page.getByTestId('tray-drawing');
  // 24 × U/UTP cat. 6 + 4 × 12F fibre in 100 × 60 with 25 % reserve: 837.67 / 4500 = 18.6 %
  await expect(status).toHaveText('Zapełnienie 18,6 % – kable mieszczą się w korycie 100 × 60 mm.');
  await expect(drawing.locator('circle')).toHaveCount(28);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'calculator-fill');

  // By keyboard: into the first count field, type 200; the drawing is redrawn with 204 cables.
  const count = page.getByLabel('Liczba [szt.]').first();
  await count.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('200');
  // 200 × 30.1907 + 113.10 = 6151.24 mm²; / 4500 = 136.7 %; smallest: 200 × 42 (8400 × 0.75 = 6300)
  await expect(status).toHaveText('Zapełnienie 136,7 % – koryto 100 × 60 mm jest za małe. Najmniejsze pasujące: 200 × 42 mm.');
  await expect(drawing.locator('circle')).toHaveCount(204);
  await expect(page.getByTestId('drawing-above')).toBeVisible();
  // Tab order: count -> remove button -> next row's cable select
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Usuń kabel 1' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Kabel 2', { exact: true })).toBeFocused();

  // By mouse: recommend the tray, then add a custom cable.
  await page.getByText('Dobierz najmniejsze pasujące').click();
  await expect(page.getByTestId('tray')).toHaveText('200 × 42 mm');
  await expect(status).toHaveText('Zapełnienie 97,6 % – kable mieszczą się w korycie 200 × 42 mm.');
  await page.getByRole('button', { name: 'Dodaj kabel' }).click();
  await expect(page.getByLabel('Kabel 3', { exact: true })).toBeFocused();
  await page.getByLabel('Kabel 3', { exact: true }).selectOption('custom');
  await page.getByLabel('Średnica [mm]').nth(2).fill('20');
  await page.getByLabel('Liczba [szt.]').nth(2).fill('3');
  // + 3 × 20² π / 4 = 942.48 -> 7093.72 mm²; needs 7093.72 / 0.75 = 9458.3 mm² of tray: 150 × 60 = 9000 is too
  // small, 200 × 50 = 10000 is the first that holds it -> 7093.72 / 7500 = 94.6 %
  await expect(page.getByTestId('tray')).toHaveText('200 × 50 mm');
  await expect(status).toHaveText('Zapełnienie 94,6 % – kable mieszczą się w korycie 200 × 50 mm.');
  await expect(drawing.locator('circle')).toHaveCount(207);

  // The separation tab by keyboard (arrow keys in the tab list).
  await page.getByRole('tab', { name: 'Zapełnienie koryta' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Separacja kabli' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Klasa separacji kabla teleinformatycznego').selectOption('c');
  await page.getByLabel('Przegroda między kablami').selectOption('perforated');
  await page.getByLabel('Liczba obwodów zasilających').fill('8');
  // 25 × 0.6 = 15
  await expect(page.getByTestId('sep-a')).toHaveText('15 mm');
  await expect(page.getByTestId('separation-drawing')).toHaveAttribute('data-a', '15');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'calculator-separation');

  // The workbook: four sheets with live formulas, opening with the inputs on the page.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('workbook-link').click()]);
  expect(download.suggestedFilename()).toBe('kalkulator-koryt-i-separacji.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  expect(wb.worksheets.map((w) => w.name)).toEqual(['Instrukcja', 'Zapełnienie koryta', 'Separacja kabli', 'Dane kabli']);
  expect((wb.getWorksheet('Separacja kabli')?.getCell('B11').value as { formula: string }).formula).toBe('IFERROR(ROUND(B9*B10,2),"")');
  const fillSheet = wb.getWorksheet('Zapełnienie koryta') as ExcelJS.Worksheet;
  const sepSheet = wb.getWorksheet('Separacja kabli') as ExcelJS.Worksheet;
  const row = (r: number) => ['A', 'B', 'D'].map((c) => fillSheet.getCell(`${c}${r}`).value);
  expect([row(9), row(10), row(11), row(12)]).toEqual([
    ['Kabel U/UTP kat. 6 4x2x23AWG', null, 200],
    ['Kabel światłowodowy uniwersalny 12J OM4', null, 4],
    [null, 20, 3],
    [null, null, null],
  ]);
  // the tray the page shows (recommended: 200 × 50), the reserve, the separation inputs
  expect(['B4', 'B5', 'B6'].map((a) => fillSheet.getCell(a).value)).toEqual([200, 50, 0.25]);
  expect(['B4', 'B5', 'B6'].map((a) => sepSheet.getCell(a).value)).toEqual(['c', 'Perforowana metalowa', 8]);
  // recomputed as a spreadsheet would, the formulas give what the rules (and the page) give
  const ev = new Evaluator(wb);
  const expected = trayFill({
    rows: [
      { diameter: 6.2, count: 200 },
      { diameter: 6, count: 4 },
      { diameter: 20, count: 3 },
    ],
    tray: { width: 200, height: 50 },
    reserve: 0.25,
  });
  expect(ev.value('Zapełnienie koryta', 'B31')).toBeCloseTo(expected.cablesArea, 9);
  expect(ev.value('Zapełnienie koryta', 'B34')).toBeCloseTo(expected.fill, 9);
  expect(Math.round((ev.value('Zapełnienie koryta', 'B34') as number) * 1000) / 10).toBe(94.6);
  expect(ev.value('Zapełnienie koryta', 'B35')).toBe('Kable mieszczą się');
  expect(ev.value('Zapełnienie koryta', 'B36')).toBe('200 × 50');
  expect(['B9', 'B10', 'B11'].map((a) => ev.value('Separacja kabli', a))).toEqual([25, 0.6, separation({ cls: 'c', barrier: 'perforated', circuits: 8 }).a]);
});

test('the calculator in English on a phone', async ({ page }) => {
  await page.goto('/pl/newsletter');
  // the access cookie of the previous test is not in this context: get it again through the mail link
  await page.goto(await mailLink(email, /Witamy w newsletterze/, '/calculator/access/'));
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/en/calculator');
  await hydrated(page);
  await expect(page.getByTestId('fill-status')).toHaveText('Fill 18.6 % – the cables fit in the 100 × 60 mm tray.');
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('tab', { name: 'Cable separation' }).click();
  await expect(page.getByTestId('sep-status')).toHaveText('Required distance between the IT cables and the power cables: 80 mm.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
});

// Files of the online trainings in Chromium (issue 15): the administrator uploads the training's
// picture and a lesson attachment in the training form (a disguised file is refused with a message),
// the learner sees the picture on the list and the training page and downloads the attachment
// under its original name from the lesson (Polish and English) while a locked lesson's file answers
// 423; the question-import template downloads and imports back; canonical module addresses.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, apiContext, createActiveUser, loginInBrowser } from './course-helpers';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const ATTACHMENT = 'Schemat połączeń.pdf';
let trainingId = 0;
let slug = '';
let lessonIds: number[] = [];
let moduleId = 0;

/** Screenshots at 1280 and 360 px into E2E_SHOTS (a folder), when it is set. */
async function shots(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, { path: `${dir}/trainings-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeAll(async () => {
  const admin = await apiContext(ADMIN);
  const res = await admin.call('post', '/api/admin/trainings', {
    title_pl: `Pomiary torów ${stamp}`,
    title_en: `Link testing ${stamp}`,
    description_pl: '<p>Pomiary certyfikacyjne okablowania.</p>',
    description_en: '<p>Certification testing of cabling.</p>',
    access_days: 30,
    quiz_attempts: 3,
    pass_percent: 70,
    questions_per_attempt: 5,
    questionnaire_enabled: '1',
    is_active: '1',
    position: 99,
    modules: [
      {
        title_pl: 'Przygotowanie',
        title_en: 'Preparation',
        points: [
          {
            kind: 'lesson',
            title_pl: 'Lekcja z materiałami',
            title_en: 'Lesson with materials',
            content_pl: '<p>Pobierz schemat.</p>',
            content_en: '<p>Download the diagram.</p>',
          },
          { kind: 'lesson', title_pl: 'Druga lekcja', title_en: 'Second lesson', content_pl: '<p>Dalej.</p>', content_en: '<p>Next.</p>' },
        ],
      },
      { title_pl: 'Test', title_en: 'Quiz', points: [{ kind: 'quiz', title_pl: 'Test końcowy', title_en: 'Final quiz' }] },
    ],
  });
  expect(res.status()).toBe(200);
  trainingId = (await res.json()).id;
  const got = await (await admin.ctx.get(`/api/admin/trainings/${trainingId}`)).json();
  slug = got.slug;
  moduleId = got.modules[0].id;
  lessonIds = got.modules[0].points.map((p: { id: number }) => p.id);
  await admin.ctx.dispose();
});

test('the administrator uploads the training picture and a lesson attachment; a disguised file is refused (pl, en)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginInBrowser(page, ADMIN.email, ADMIN.password);
  await page.goto(`/pl/admin/training/${trainingId}`);
  await hydrated(page);
  await expect(page.getByText('Szkolenie nie ma obrazu.')).toBeVisible();
  const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  await page.getByLabel('Obraz szkolenia', { exact: true }).setInputFiles({ name: 'okladka.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Obraz szkolenia' })).toBeVisible();
  await expect(page.getByText('Obraz został wgrany. Zapisz szkolenie, aby go użyć.')).toBeVisible();

  const lesson = page.locator('[data-module-index="0"] [data-point-index="0"] [data-point-files]');
  await expect(lesson.getByText('Brak załączników.')).toBeVisible();
  // An HTML page named .pdf: refused by its content, the message under the lesson's attachments.
  await lesson
    .getByLabel('Dodaj załącznik')
    .setInputFiles({ name: 'instrukcja.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(lesson.getByText('Niedozwolony rodzaj pliku. Dozwolone: PDF, obrazy, ZIP, XLSX, .flw.')).toBeVisible();
  await lesson.getByLabel('Dodaj załącznik').setInputFiles({ name: ATTACHMENT, mimeType: 'application/pdf', buffer: PDF });
  await expect(lesson.getByRole('link', { name: ATTACHMENT })).toBeVisible();
  await expect(lesson.getByText('Niedozwolony rodzaj pliku')).toHaveCount(0);
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByText('Zmiany zostały zapisane.')).toBeVisible();

  // Saved: after a reload both are there.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('img', { name: 'Obraz szkolenia' })).toBeVisible();
  await expect(page.locator('[data-module-index="0"] [data-point-index="0"] [data-point-files]').getByRole('link', { name: ATTACHMENT })).toBeVisible();
  await page.locator('[data-module-index="0"] [data-point-index="0"] [data-point-files]').scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'admin-training-pl');

  await page.goto(`/en/admin/training/${trainingId}`);
  await hydrated(page);
  await expect(page.getByRole('img', { name: 'Training image' })).toBeVisible();
  const en = page.locator('[data-module-index="0"] [data-point-index="0"] [data-point-files]');
  await expect(en.getByText('Lesson attachments')).toBeVisible();
  await expect(en.getByRole('link', { name: ATTACHMENT })).toBeVisible();
  await en.getByLabel('Add an attachment').setInputFiles({ name: 'run.zip', mimeType: 'application/zip', buffer: Buffer.from('MZ\u0090\u0000 program') });
  await expect(en.getByText('This type of file is not allowed. Allowed: PDF, images, ZIP, XLSX, .flw.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'admin-training-en');

  // The other admin screens of the area pass axe too: the list and the empty form of a new training.
  await page.goto('/pl/admin/trainings');
  await hydrated(page);
  await expect(page.getByRole('link', { name: `Pomiary torów ${stamp}`, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/en/admin/training');
  await hydrated(page);
  await expect(page.getByText('The training has no image.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the question-import template downloads and imports back (pl, en)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginInBrowser(page, ADMIN.email, ADMIN.password);
  await page.goto(`/pl/admin/trainings-questions/${trainingId}`);
  await hydrated(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Pobierz szablon XLSX' }).click()]);
  expect(download.suggestedFilename()).toBe('szablon-pytan.xlsx');
  const template = await readFile(await download.path());
  await page
    .getByLabel('Import z XLSX')
    .setInputFiles({ name: 'szablon-pytan.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: template });
  await expect(page.getByText('Zaimportowano pytania: 1.')).toBeVisible();
  await expect(page.getByText('Jaka jest maksymalna długość kanału miedzianego wg ISO/IEC 11801?')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'admin-questions-pl');

  await page.goto(`/en/admin/trainings-questions/${trainingId}`);
  await hydrated(page);
  const [enDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the XLSX template' }).click()]);
  expect(enDownload.suggestedFilename()).toBe('questions-template.xlsx');
  await shots(page, 'admin-questions-en');
});

test('the learner sees the picture and downloads the lesson attachment under its name; a locked lesson answers 423 (pl, en)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `pliki.${stamp}@example.com`;
  const user = await createActiveUser(email, 'Ewa', 'Nowicka');
  const learner = await apiContext({ email, password: user.password });
  expect((await learner.call('post', `/api/trainings/${trainingId}/start`)).status()).toBe(200);
  // Before the acceptance the attachment is locked.
  const admin = await apiContext(ADMIN);
  const userId = user.id;
  const training = await (await admin.ctx.get(`/api/admin/trainings/${trainingId}`)).json();
  const fileId = training.modules[0].points[0].files[0].id as string;
  expect((await learner.ctx.get(`/api/training-points/${lessonIds[0]}/files/${fileId}/x`)).status()).toBe(423);
  expect((await admin.call('post', `/api/admin/trainings-users/${trainingId}/${userId}/accept`)).status()).toBe(200);
  await admin.ctx.dispose();

  await loginInBrowser(page, email, user.password);
  await page.goto('/pl/trainings');
  const card = page.locator(`[data-training-id="${trainingId}"]`);
  await expect(card.locator('img')).toBeVisible();
  expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await card.scrollIntoViewIfNeeded();
  await shots(page, 'trainings-list-pl');
  await page.goto(`/pl/training/${trainingId}-${slug}`);
  const hero = page.locator('main img').first();
  await expect(hero).toBeVisible();
  expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'training-pl');

  // The id alone leads to the canonical address of the lesson.
  await page.goto(`/pl/training-point/${lessonIds[0]}`);
  await expect(page).toHaveURL(new RegExp(`/pl/training-point/${lessonIds[0]}-lekcja-z-materialami$`));
  await hydrated(page);
  const files = page.locator('[data-lesson-attachments]');
  await expect(files.getByRole('heading', { name: 'Materiały do pobrania' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('link', { name: ATTACHMENT }).click()]);
  expect(download.suggestedFilename()).toBe(ATTACHMENT);
  expect((await readFile(await download.path())).equals(PDF)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await files.scrollIntoViewIfNeeded();
  await shots(page, 'lesson-pl');
  // Lesson 2 is locked until lesson 1 is complete: its file (none here) and the page are locked.
  const locked = await page.request.get(`/api/training-points/${lessonIds[1]}/files/${fileId}/x`);
  expect(locked.status()).toBe(423);
  expect((await locked.json()).message).toBe('Ten punkt jest zablokowany: najpierw ukończ poprzednie punkty szkolenia.');

  await page.goto(`/en/training-point/${lessonIds[0]}-old-slug`);
  await expect(page).toHaveURL(new RegExp(`/en/training-point/${lessonIds[0]}-lesson-with-materials$`));
  await hydrated(page);
  const enFiles = page.locator('[data-lesson-attachments]');
  await expect(enFiles.getByRole('heading', { name: 'Materials to download' })).toBeVisible();
  const [enDownload] = await Promise.all([page.waitForEvent('download'), enFiles.getByRole('link', { name: ATTACHMENT }).click()]);
  expect(enDownload.suggestedFilename()).toBe(ATTACHMENT);
  await shots(page, 'lesson-en');

  // Module addresses: a wrong slug and the id alone redirect to {id}-{slug}.
  await page.goto(`/pl/training-module/${moduleId}-zly-adres`);
  await expect(page).toHaveURL(new RegExp(`/pl/training-module/${moduleId}-przygotowanie$`));
  await page.goto(`/en/training-module/${moduleId}`);
  await expect(page).toHaveURL(new RegExp(`/en/training-module/${moduleId}-preparation$`));
  await learner.ctx.dispose();
});

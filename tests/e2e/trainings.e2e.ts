// Online trainings in Chromium (issue 15): a user starts a training, the administrator accepts it
// in the admin screen, lessons unlock one after another, the quiz fails (wrong questions listed)
// and passes on retry, the questionnaire, the certificate PDF and its public verification page;
// an expired training shows the expired screen; the guest notice; Polish and English; axe.
import { expect, type Page, test } from '@playwright/test';
import { DEMO_TRAININGS } from '../../src/features/trainings/demo/trainings-data';
import { ADMIN, acceptCookies, apiContext, createActiveUser, loginInBrowser, waitForMail } from './course-helpers';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const [COPPER, FIBRE] = DEMO_TRAININGS as [(typeof DEMO_TRAININGS)[number], (typeof DEMO_TRAININGS)[number]];
const INBOX = 'biuro@cobinet.pl';

/** Answers every drawn question: right ones, or (wrong = true) a wrong answer each. */
async function answerQuiz(page: Page, locale: 'pl' | 'en', wrong: boolean) {
  const questions = page.locator('fieldset[data-question-id]');
  await expect(questions.first()).toBeVisible();
  const n = await questions.count();
  for (let i = 0; i < n; i++) {
    const q = questions.nth(i);
    const text = ((await q.locator('p').first().textContent()) ?? '').trim();
    const demo = [...COPPER.questions, ...FIBRE.questions].find((x) => x.text[locale] === text);
    expect(demo, text).toBeTruthy();
    const answers = demo?.answers ?? [];
    const pick = wrong ? answers.filter(([, ok]) => !ok).slice(0, 1) : answers.filter(([, ok]) => ok);
    for (const [a] of pick) await q.getByLabel(a[locale], { exact: true }).check();
  }
  return n;
}

/**
 * A lesson's video waits for consent behind the still stored with the site's video of the same
 * YouTube id (loaded; not a grey box, not a request to YouTube), with its alt text and the notice
 * over it in the page's language, and no frame yet. Answers the blocked frame.
 */
async function expectLessonPoster(page: Page, locale: 'pl' | 'en') {
  const texts = {
    pl: { alt: /^Kadr z filmu: /, notice: 'Treść zablokowana', allow: 'Zezwól na cookies' },
    en: { alt: /^Video still: /, notice: 'Content blocked', allow: 'Allow cookies' },
  }[locale];
  const blocked = page.locator('main [data-consent-blocked="video"]');
  await expect(blocked).toBeVisible();
  await expect(page.locator('main iframe')).toHaveCount(0);
  const poster = blocked.locator('[data-consent-poster="video"]');
  await expect(poster).toHaveAttribute('src', /^\/img\/[0-9a-f-]{36}\/640\.webp$/);
  await expect(poster).toHaveAttribute('alt', texts.alt);
  await poster.scrollIntoViewIfNeeded();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(blocked).toContainText(texts.notice);
  await expect(blocked.getByRole('button', { name: texts.allow })).toBeVisible();
  return blocked;
}

test('a learner starts, is accepted by the admin, completes the lessons, fails then passes the quiz, fills the questionnaire and gets a verified certificate (pl)', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `szkolenie.${stamp}@example.com`;
  const user = await createActiveUser(email, 'Paweł', 'Grabowski');
  await loginInBrowser(page, email, user.password);

  await page.goto('/pl/trainings');
  const card = page.locator('[data-training-id]').filter({ hasText: COPPER.title.pl });
  await expect(card.locator('[data-badge]')).toHaveAttribute('data-badge', 'rozpocznij');
  await expect(card.locator('[data-badge]')).toHaveText('Rozpocznij');
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('link', { name: /Rozpocznij szkolenie/ }).click();
  await expect(page).toHaveURL(new RegExp(`/pl/training/\\d+-${COPPER.slug}$`));
  const trainingUrl = page.url();
  await hydrated(page);
  await expect(page.locator('[data-point-id][data-locked="0"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Rozpocznij szkolenie' }).click();
  await expect(page.locator('[data-pending-notice]')).toContainText('czeka na akceptację działu technicznego');
  await expect(page.locator('[data-badge]').first()).toHaveAttribute('data-badge', 'do_akceptacji');
  await waitForMail(INBOX, new RegExp(`(?=[\\s\\S]*X-Mail-Kind: trainings.acceptance-request)(?=[\\s\\S]*${email.replace('.', '\\.')})`));

  // The administrator accepts in the admin screen.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await loginInBrowser(admin, ADMIN.email, ADMIN.password);
  await admin.goto(`/pl/admin/trainings-users?search=${encodeURIComponent(email)}`);
  await hydrated(admin);
  await expectNoSeriousA11yViolations(admin);
  const row = admin.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /^Akceptuj/ }).click();
  await admin.getByRole('button', { name: 'Tak' }).click();
  await expect(row.getByText('Zaakceptowany')).toBeVisible();
  await waitForMail(email, /X-Mail-Kind: trainings.decision/);

  // Lessons unlock one after another.
  await page.goto(trainingUrl);
  await hydrated(page);
  const points = page.locator('[data-point-id]');
  await expect(points.nth(0)).toHaveAttribute('data-locked', '0');
  await expect(points.nth(1)).toHaveAttribute('data-locked', '1');
  await expect(page.locator('[data-badge]').first()).toHaveAttribute('data-badge', 'w_trakcie');

  // A locked point opened directly (its address typed in) shows the locked notice, not the lesson.
  const lockedId = await points.nth(1).getAttribute('data-point-id');
  await page.goto(`/pl/training-point/${lockedId}-zablokowany`);
  const lockedNotice = page.locator('[data-locked-notice]');
  await expect(lockedNotice.getByRole('heading', { level: 1, name: 'Zablokowany' })).toBeVisible();
  await expect(lockedNotice).toContainText('Ten punkt jest zablokowany: najpierw ukończ poprzednie punkty szkolenia.');
  await expect(page.getByRole('button', { name: 'Oznacz jako ukończone' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await lockedNotice.getByRole('link', { name: 'Wróć do szkolenia' }).click();
  await expect(page).toHaveURL(trainingUrl);
  await hydrated(page);
  await points.nth(0).getByRole('link').click();
  const lessons = COPPER.modules.flatMap((m) => m.lessons);
  let firstLessonUrl = '';
  for (const [i, lesson] of lessons.entries()) {
    await expect(page.getByRole('heading', { level: 1, name: lesson.title.pl })).toBeVisible();
    await hydrated(page);
    if (lesson.video) {
      const blocked = await expectLessonPoster(page, 'pl');
      if (i === 0) {
        await blocked.getByRole('button', { name: 'Zezwól na cookies' }).click();
        await expect(page.locator(`main iframe[src="${lesson.video}"]`)).toHaveCount(1);
        await expect(page.locator('[data-consent-poster]')).toHaveCount(0);
        // Back to "necessary only" for the rest of the test (the banner's choice is a cookie).
        await page.context().addCookies([{ name: 'consent', value: 'necessary', url: new URL(page.url()).origin }]);
        await page.reload();
        await hydrated(page);
      }
    }
    if (i === 0) {
      await expectNoSeriousA11yViolations(page);
      // The lesson's headings follow the page's h1 without skipping a level (W3C; issue 41 point 23).
      const levels = await page.locator('main').evaluate((m) => [...m.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
      expect(levels[0]).toBe(1);
      expect(levels.filter((level, k) => k > 0 && level > levels[k - 1] + 1)).toEqual([]);
      await shot(page, { path: 'tmp/shots/training-lesson-1280.png', fullPage: true });
      // A question to the trainer under the lesson.
      firstLessonUrl = page.url();
      await page.getByLabel('Twoje pytanie').fill('Czy moduły kat. 6A można zarabiać według T568A?');
      await page.getByRole('button', { name: 'Zadaj pytanie' }).click();
      await expect(page.locator('[data-comment-id]')).toContainText('Czeka na odpowiedź trenera.');
    }
    await page.getByRole('button', { name: 'Oznacz jako ukończone' }).click();
    await expect(page.getByRole('button', { name: 'Oznacz jako nieukończone' })).toBeVisible();
    if (i === 0) {
      // The module page: its points and a progress bar (1 of the module's 2 lessons done).
      const firstModule = COPPER.modules[0];
      expect(firstModule?.lessons).toHaveLength(2);
      await page.goto(trainingUrl);
      await page.getByRole('link', { name: `Moduł 1: ${firstModule?.title.pl}` }).click();
      await expect(page).toHaveURL(/\/pl\/training-module\/\d+-normy-i-topologia$/);
      await expect(page.getByRole('heading', { level: 1, name: `Moduł 1: ${firstModule?.title.pl}` })).toBeVisible();
      const bar = page.getByRole('progressbar', { name: 'Postęp: 50%' });
      await expect(bar).toHaveAttribute('aria-valuenow', '50');
      await expect(page.locator('[data-point-id]')).toHaveCount(2);
      await expect(page.locator('[data-point-id]').nth(1)).toHaveAttribute('data-locked', '0');
      await expectNoSeriousA11yViolations(page);
      await page.goto(firstLessonUrl);
      await expect(page.getByRole('button', { name: 'Oznacz jako nieukończone' })).toBeVisible();
      await hydrated(page);
    }
    await page.getByRole('link', { name: /^Następny punkt:/ }).click();
  }

  // The quiz: fail first (the wrong questions are listed), then pass.
  await expect(page.getByRole('heading', { level: 1, name: 'Test końcowy' })).toBeVisible();
  await hydrated(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Rozpocznij test' }).click();
  const drawn = await answerQuiz(page, 'pl', true);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Zakończ test' }).click();
  const failed = page.locator('[data-quiz-result="failed"]');
  await expect(failed).toContainText('nie osiągnięto wymaganego minimum');
  await expect(failed.locator('[data-wrong-questions] li')).toHaveCount(drawn);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
  await answerQuiz(page, 'pl', false);
  await page.getByRole('button', { name: 'Zakończ test' }).click();
  await expect(page.locator('[data-quiz-result="passed"]')).toContainText('Test zaliczony!');

  // Completed: badge, questionnaire, certificate and its public verification.
  await page.goto(trainingUrl);
  await hydrated(page);
  await expect(page.locator('[data-badge]').first()).toHaveAttribute('data-badge', 'ukonczono');
  for (const group of await page.locator('form[aria-labelledby="questionnaire-title"] fieldset').all()) await group.getByText('5', { exact: true }).click();
  await page.getByLabel('Uwagi (opcjonalnie)').fill('Konkretne lekcje, przydatne w pracy.');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Wyślij ankietę' }).click();
  await expect(page.getByText('Dziękujemy za wypełnienie ankiety.', { exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Pobierz certyfikat (PDF)' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^certyfikat-COBI-EL-\d{4}-\d{5}\.pdf$/);
  await page.getByRole('link', { name: 'Strona weryfikacji certyfikatu' }).click();
  await expect(page).toHaveURL(/\/pl\/certificate\/COBI-EL-\d{4}-\d{5}-[0-9a-f]{32}$/);
  await expect(page.locator('[data-certificate-valid]')).toContainText('Certyfikat jest ważny.');
  await expect(page.locator('[data-certificate-valid]')).toContainText('Paweł Grabowski');
  await expectNoSeriousA11yViolations(page);

  // The questionnaire results reach the admin (anonymous).
  await admin.goto('/pl/admin/training-questionnaires');
  await expect(admin.getByText('Konkretne lekcje, przydatne w pracy.')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // The trainer sees the question on the training's admin page and answers it; the learner reads the answer.
  const trainingId = /\/training\/(\d+)-/.exec(trainingUrl)?.[1];
  await admin.goto(`/pl/admin/training/${trainingId}`);
  await hydrated(admin);
  await expect(admin.locator('[data-comment-id]')).toContainText('Czy moduły kat. 6A można zarabiać według T568A?');
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole('link', { name: /^Odpowiedź trenera.*Paweł Grabowski/ }).click();
  await expect(admin).toHaveURL(new RegExp(`/pl/admin/trainings-users/${trainingId}/\\d+$`));
  await hydrated(admin);
  await expect(admin.getByText('Podejście 2')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByLabel('Odpowiedź trenera').fill('Tak, jeśli cała instalacja jest wykonana według T568A.');
  await admin.getByRole('button', { name: 'Zapisz odpowiedź' }).click();
  await expect(admin.getByText('Odpowiedź została zapisana.')).toBeVisible();
  await page.goto(firstLessonUrl);
  await expect(page.locator('[data-comment-id]')).toContainText('Tak, jeśli cała instalacja jest wykonana według T568A.');

  // My account lists the enrolment with its certificate.
  await page.goto('/pl/my-account/trainings-users');
  await expect(page.locator('[data-training-id]').filter({ hasText: COPPER.title.pl })).toContainText('Certyfikat COBI/EL/');
  await expectNoSeriousA11yViolations(page);
  await adminContext.close();
});

test('expired access shows the expired screen everywhere; the learner asks for an extension (en)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `training.en.${stamp}@example.com`;
  const user = await createActiveUser(email, 'Adam', 'Nowak');
  await loginInBrowser(page, email, user.password, 'en');
  await page.goto('/en/trainings');
  const card = page.locator('[data-training-id]').filter({ hasText: FIBRE.title.en });
  await expect(card.locator('[data-badge]')).toHaveText('Start');
  await card.getByRole('link', { name: /Start the training/ }).click();
  await expect(page).toHaveURL(new RegExp(`/en/training/\\d+-${FIBRE.slug}$`));
  await hydrated(page);
  const trainingUrl = page.url();
  const trainingId = Number(/\/training\/(\d+)-/.exec(trainingUrl)?.[1]);
  await page.getByRole('button', { name: 'Start the training' }).click();
  await expect(page.locator('[data-pending-notice]')).toContainText('waiting for acceptance by the technical department');
  await expectNoSeriousA11yViolations(page);

  const admin = await apiContext(ADMIN);
  expect((await admin.call('post', `/api/admin/trainings-users/${trainingId}/${user.id}/accept`)).status()).toBe(200);
  await page.reload();
  await expect(page.locator('[data-point-id]').first()).toHaveAttribute('data-locked', '0');
  const lessonUrl = await page.locator('[data-point-id]').first().getByRole('link').getAttribute('href');
  expect((await admin.call('post', `/api/admin/trainings-users/${trainingId}/${user.id}/expire`)).status()).toBe(200);
  await admin.ctx.dispose();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Access to the course has expired.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(lessonUrl ?? '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Access to the course has expired.' })).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'Ask for an extension' }).click();
  await expect(page.getByText('Your request for an extension has been sent.')).toBeVisible();
  await page.goto('/en/trainings');
  await expect(page.locator('[data-training-id]').filter({ hasText: FIBRE.title.en }).locator('[data-badge]')).toHaveText('Expired');
  await expectNoSeriousA11yViolations(page);
});

test('the same path in English: start, acceptance, lessons unlocking, a failed then a passed quiz, the questionnaire and a verified certificate (en)', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `training.full.en.${stamp}@example.com`;
  const user = await createActiveUser(email, 'Olga', 'Kowalczyk');
  await loginInBrowser(page, email, user.password, 'en');
  await page.goto('/en/trainings');
  const card = page.locator('[data-training-id]').filter({ hasText: FIBRE.title.en });
  await expect(card.locator('[data-badge]')).toHaveText('Start');
  await card.getByRole('link', { name: /Start the training/ }).click();
  await expect(page).toHaveURL(new RegExp(`/en/training/\\d+-${FIBRE.slug}$`));
  const trainingUrl = page.url();
  const trainingId = Number(/\/training\/(\d+)-/.exec(trainingUrl)?.[1]);
  await hydrated(page);
  await page.getByRole('button', { name: 'Start the training' }).click();
  await expect(page.locator('[data-badge]').first()).toHaveText('Awaiting acceptance');
  const admin = await apiContext(ADMIN);
  expect((await admin.call('post', `/api/admin/trainings-users/${trainingId}/${user.id}/accept`)).status()).toBe(200);
  await admin.ctx.dispose();

  await page.reload();
  await hydrated(page);
  const points = page.locator('[data-point-id]');
  await expect(points.nth(0)).toHaveAttribute('data-locked', '0');
  await expect(points.nth(1)).toHaveAttribute('data-locked', '1');
  await expect(page.locator('[data-badge]').first()).toHaveText('In progress');
  await points.nth(0).getByRole('link').click();
  for (const lesson of FIBRE.modules.flatMap((m) => m.lessons)) {
    await expect(page.getByRole('heading', { level: 1, name: lesson.title.en })).toBeVisible();
    await hydrated(page);
    if (lesson.video) {
      await expectLessonPoster(page, 'en');
    }
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(page.getByRole('button', { name: 'Mark as incomplete' })).toBeVisible();
    await page.getByRole('link', { name: /^Next point:/ }).click();
  }

  await hydrated(page);
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  const drawn = await answerQuiz(page, 'en', true);
  await page.getByRole('button', { name: 'Finish the quiz' }).click();
  const failed = page.locator('[data-quiz-result="failed"]');
  await expect(failed).toContainText('the required minimum was not reached');
  await expect(failed).toContainText('Questions answered wrongly:');
  await expect(failed.locator('[data-wrong-questions] li')).toHaveCount(drawn);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Try again' }).click();
  await answerQuiz(page, 'en', false);
  await page.getByRole('button', { name: 'Finish the quiz' }).click();
  await expect(page.locator('[data-quiz-result="passed"]')).toContainText('Quiz passed!');

  await page.goto(trainingUrl);
  await hydrated(page);
  await expect(page.locator('[data-badge]').first()).toHaveText('Completed');
  for (const group of await page.locator('form[aria-labelledby="questionnaire-title"] fieldset').all()) await group.getByText('4', { exact: true }).click();
  await page.getByLabel('Remarks (optional)').fill('Clear splicing lessons.');
  await page.getByRole('button', { name: 'Send the questionnaire' }).click();
  await expect(page.getByText('Thank you for filling in the questionnaire.', { exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the certificate (PDF)' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^certificate-COBI-EL-\d{4}-\d{5}\.pdf$/);
  await page.getByRole('link', { name: 'Certificate verification page' }).click();
  await expect(page).toHaveURL(/\/en\/certificate\/COBI-EL-\d{4}-\d{5}-[0-9a-f]{32}$/);
  await expect(page.locator('[data-certificate-valid]')).toContainText('The certificate is valid.');
  await expect(page.locator('[data-certificate-valid]')).toContainText('Olga Kowalczyk');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/en/trainings');
  await expect(page.locator('[data-training-id]').filter({ hasText: FIBRE.title.en }).locator('[data-badge]')).toHaveText('Completed');

  // Issue 41 point 15: after access ends, the finished learner still downloads the certificate from
  // the training's page (under the expired notice) and from My account.
  const ending = await apiContext(ADMIN);
  expect((await ending.call('post', `/api/admin/trainings-users/${trainingId}/${user.id}/expire`)).status()).toBe(200);
  await ending.ctx.dispose();
  await page.goto(trainingUrl);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Access to the course has expired.' })).toBeVisible();
  const afterEnd = page.waitForEvent('download');
  await page.locator('[data-certificate]').getByRole('button', { name: 'Download the certificate (PDF)' }).click();
  expect((await afterEnd).suggestedFilename()).toMatch(/^certificate-COBI-EL-\d{4}-\d{5}\.pdf$/);
  await shot(page, { path: 'tmp/shots/training-expired-certificate-1280.png', fullPage: true });
  if (process.env.E2E_SHOTS) {
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, { path: 'tmp/shots/training-expired-certificate-360.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.goto('/en/my-account/trainings-users');
  const enrolment = page.locator('[data-training-id]').filter({ hasText: FIBRE.title.en });
  await expect(enrolment).toContainText('Certificate COBI/EL/');
  const fromAccount = page.waitForEvent('download');
  await enrolment.getByRole('button', { name: /^Certificate COBI\/EL\// }).click();
  expect((await fromAccount).suggestedFilename()).toMatch(/^certificate-COBI-EL-\d{4}-\d{5}\.pdf$/);
});

test('a guest sees the login notice in both languages', async ({ page }) => {
  await page.goto('/en/trainings');
  await acceptCookies(page);
  await expect(page.locator('[data-guest-notice]')).toContainText('Participation in online courses is only possible for logged in users');
  await expect(page.locator('[data-guest-notice]').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login?next=/en/trainings');
  await expect(page.locator('[data-badge]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.goto('/pl/trainings');
  await expect(page.locator('[data-guest-notice]')).toContainText('Udział w kursach online jest możliwy tylko dla zalogowanych użytkowników');
  await page.goto('/pl/training/1-x');
  await expect(page).toHaveURL(/\/pl\/login\?next=\/pl\/training\/1-x$/);
});

// Stationary courses in Chromium (issue 14): a visitor reads the programme, picks a date and
// registers (Polish and English), the confirmation mail arrives, the last seat leads to the waiting
// list; a logged-in user's data prefills the form, and the user sees and cancels the registration
// (Polish and English; the my-account menu link; the cancel form also without JavaScript); dates
// that have passed are marked.
import { expect, test } from '@playwright/test';
import { acceptCookies, apiContext, createActiveUser, loginInBrowser, USER_PASSWORD, upcomingCourses, waitForMail } from './course-helpers';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);

test('a visitor reads the programme, picks the last seat of a date, registers and gets the mail; the next one joins the waiting list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const leszno = (await upcomingCourses()).find((c) => c.city === 'Leszno');
  expect(leszno).toMatchObject({ seats: 12, seats_left: 1 });
  const id = leszno?.id ?? 0;

  // The Trainings menu leads to the courses; the page opens on the dates.
  await page.goto('/pl/courses?section=course_form_opis');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Program szkolenia' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Co daje certyfikat' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Program szkolenia', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('navigation', { name: 'Sekcje strony szkoleń' }).getByRole('link', { name: 'Terminy' }).click();
  await expect(page).toHaveURL(/section=course_form$/);
  const card = page.locator(`[data-course-id="${id}"]`);
  await expect(card.getByTestId('seats-left')).toHaveText('1 z 12');
  await expect(card).toHaveAttribute('data-state', 'open');
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('link', { name: /Zapisz się/ }).click();
  await expect(page).toHaveURL(new RegExp(`section=course_form_form&course=${id}`));
  await hydrated(page);
  await expect(page.locator('#course-course_id')).toHaveValue(String(id));
  await expectNoSeriousA11yViolations(page);

  // Without the required fields and the consent: the server's messages under the fields.
  await page.locator('#course-first_name').fill('Tomasz');
  await page.getByRole('button', { name: 'Zapisz się na szkolenie' }).click();
  await expect(page.locator('#course-surname-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#course-surname')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#course-accepted_privacy-error')).toHaveText('Zgoda na przetwarzanie danych osobowych jest wymagana.');
  await expect(page.locator('#course-surname')).toBeFocused();
  await expect(page.locator('#course-first_name')).toHaveValue('Tomasz');
  await expectNoSeriousA11yViolations(page);

  const email = `kurs.pl.${stamp}@example.com`;
  await page.locator('#course-surname').fill('Wróblewski');
  await page.locator('#course-phone').fill('+48 605 111 222');
  await page.locator('#course-email').fill(email);
  await page.locator('#course-company_name').fill('WRÓBEL-NET Tomasz Wróblewski');
  await page.locator('#course-city').fill('Leszno');
  await page.getByRole('checkbox', { name: /polityką prywatności/ }).check();
  await page.getByRole('button', { name: 'Zapisz się na szkolenie' }).click();
  await expect(page.getByRole('heading', { name: 'Zgłoszenie przyjęte' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Potwierdzenie wysłaliśmy na adres ${email}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForMail(email, /X-Mail-Kind: courses.registered/);
  expect(mail).toContain('Usługowa 10B');
  expect(mail).toContain('Co zabrać');
  expect(mail).toContain('09:00');

  // The date is now full: marked on the list, and the form offers the waiting list.
  await page.goto('/pl/courses');
  await expect(card.getByTestId('seats-left')).toHaveText('0 z 12');
  await expect(card).toHaveAttribute('data-state', 'full');
  await card.getByRole('link', { name: /Brak miejsc/ }).click();
  await expect(page.getByText('Ten termin jest pełny. Wysyłając formularz, zapiszesz się na listę rezerwową.')).toBeVisible();
  const second = `kurs.pl2.${stamp}@example.com`;
  await page.locator('#course-first_name').fill('Ewa');
  await page.locator('#course-surname').fill('Lis');
  await page.locator('#course-phone').fill('600 700 800');
  await page.locator('#course-email').fill(second);
  await page.locator('#course-company_name').fill('LIS Teletechnika');
  await page.locator('#course-city').fill('Rawicz');
  await page.getByRole('checkbox', { name: /polityką prywatności/ }).check();
  await page.getByRole('button', { name: 'Zapisz mnie na listę rezerwową' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Zapisaliśmy Cię na listę rezerwową' })).toBeVisible();
  await waitForMail(second, /X-Mail-Kind: courses.waiting/);
  expect((await upcomingCourses()).find((c) => c.id === id)?.seats_left).toBe(0);
});

test('in English: the programme, the dates and a registration with an English mail', async ({ page }) => {
  const warszawa = (await upcomingCourses()).find((c) => c.city === 'Warszawa');
  const id = warszawa?.id ?? 0;
  await page.goto('/en/courses?section=course_form_opis');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Classroom courses' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What the certificate gives' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/en/courses');
  await expect(page.getByRole('link', { name: 'Dates', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);
  await page
    .locator(`[data-course-id="${id}"]`)
    .getByRole('link', { name: /Sign up/ })
    .click();
  await hydrated(page);
  const email = `course.en.${stamp}@example.com`;
  await page.locator('#course-first_name').fill('John');
  await page.locator('#course-surname').fill('Smith');
  await page.locator('#course-phone').fill('+44 20 7946 0958');
  await page.locator('#course-email').fill(email);
  await page.locator('#course-company_name').fill('Smith Networks Ltd');
  await page.locator('#course-city').fill('Berlin');
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Register for the course' }).click();
  await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible();
  const mail = await waitForMail(email, /X-Mail-Kind: courses.registered/);
  expect(mail).toContain('Content-Language: en');
  expect(mail).toContain('What to bring');
  expect(mail).toContain('Warszawa');
});

const LOGGED_IN = [
  {
    locale: 'pl',
    city: 'Kraków',
    name: ['Marta', 'Sikorska'],
    prefilled: 'Dane uzupełniliśmy z Twojego konta',
    privacy: /polityką prywatności/,
    submit: 'Zapisz się na szkolenie',
    myRegistrations: 'Moje zgłoszenia na szkolenia',
    listLabel: 'Moje zgłoszenia',
    details: /Szczegóły/,
    menu: 'Moje konto',
    menuLink: 'Szkolenia stacjonarne',
    cancel: 'Anuluj zgłoszenie',
    confirm: 'Czy na pewno anulować zgłoszenie',
    yes: 'Tak',
    cancelled: 'Zgłoszenie zostało anulowane.',
    mailStatus: 'Anulowane',
  },
  {
    locale: 'en',
    city: 'Gdańsk',
    name: ['Oliver', 'Brown'],
    prefilled: 'We filled in the data from your account',
    privacy: /privacy policy/,
    submit: 'Register for the course',
    myRegistrations: 'My course registrations',
    listLabel: 'My registrations',
    details: /Details/,
    menu: 'My account',
    menuLink: 'Classroom courses',
    cancel: 'Cancel the registration',
    confirm: 'Cancel the registration for',
    yes: 'Yes',
    cancelled: 'The registration has been cancelled.',
    mailStatus: 'Cancelled',
  },
] as const;

for (const L of LOGGED_IN) {
  test(`a logged-in user (${L.locale}): the form is prefilled, the registration is in my account (menu link) and can be cancelled`, async ({ page }) => {
    const email = `kurs.user.${L.locale}.${stamp}@example.com`;
    await createActiveUser(email, L.name[0], L.name[1]);
    const course = (await upcomingCourses()).find((c) => c.city === L.city);
    const id = course?.id ?? 0;
    await loginInBrowser(page, email, USER_PASSWORD, L.locale);
    await page.goto(`/${L.locale}/courses?section=course_form_form&course=${id}`);
    await hydrated(page);
    await expect(page.getByText(L.prefilled)).toBeVisible();
    await expect(page.locator('#course-first_name')).toHaveValue(L.name[0]);
    await expect(page.locator('#course-email')).toHaveValue(email);
    await expect(page.locator('#course-company_name')).toHaveValue('SIK-NET Instalacje');
    await page.getByRole('checkbox', { name: L.privacy }).check();
    await page.getByRole('button', { name: L.submit }).click();
    await page.getByRole('link', { name: L.myRegistrations }).click();
    await expect(page).toHaveURL(new RegExp(`/${L.locale}/my-account/course-registation/\\d+$`));
    await expect(page.locator('[data-status="registered"]')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The my-account menu leads to the registrations (and marks the section on the detail screen).
    const menuLink = page.getByRole('navigation', { name: L.menu, exact: true }).getByRole('link', { name: L.menuLink, exact: true });
    await expect(menuLink).toHaveAttribute('aria-current', 'page');
    await page.goto(`/${L.locale}/my-account/data`);
    await menuLink.click();
    await expect(page).toHaveURL(new RegExp(`/${L.locale}/my-account/course-registations$`));
    await expect(page.getByRole('heading', { level: 1, name: L.myRegistrations })).toBeVisible();
    await expect(menuLink).toHaveAttribute('aria-current', 'page');
    const item = page.getByRole('list', { name: L.listLabel, exact: true }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(L.city);
    await expectNoSeriousA11yViolations(page);
    await item.getByRole('link', { name: L.details }).click();
    await hydrated(page);
    const cancel = page.getByRole('button', { name: L.cancel });
    // With JavaScript the button opens the confirm dialog (a dialog trigger; without it, it posts the form: below).
    await expect(cancel).toHaveAttribute('aria-expanded', 'false');
    await cancel.click();
    await expect(page.getByRole('alertdialog')).toContainText(L.confirm);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: L.yes, exact: true }).click();
    await expect(page.locator('[data-status="cancelled"]')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: L.cancelled })).toBeVisible();
    await expect(page.getByRole('button', { name: L.cancel })).toHaveCount(0);
    expect(await waitForMail(email, /X-Mail-Kind: courses.status/)).toContain(L.mailStatus);
    expect((await upcomingCourses()).find((c) => c.id === id)?.seats_left).toBe(course?.seats_left);

    // Someone else's registration is not found; a visitor is sent to login.
    const foreign = page.url().replace(/\d+$/, '1');
    const res = await page.goto(foreign);
    expect(res?.status()).toBe(404);
    await page.context().clearCookies();
    await page.goto(`/${L.locale}/my-account/course-registations`);
    await expect(page).toHaveURL(new RegExp(`/${L.locale}/login\\?next=/${L.locale}/my-account/course-registations$`));
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the user cancels a registration with the plain form (anti-forgery token in the form)', async ({ page }) => {
    const email = `kurs.nojs.${stamp}@example.com`;
    await createActiveUser(email, 'Jan', 'Bez-Skryptu');
    const wroclaw = (await upcomingCourses()).find((c) => c.city === 'Wrocław');
    const user = await apiContext({ email, password: USER_PASSWORD });
    const res = await user.call('post', '/api/course-registrations', {
      course_id: String(wroclaw?.id),
      first_name: 'Jan',
      surname: 'Bez-Skryptu',
      phone: '+48 604 000 111',
      email,
      company_name: 'SIK-NET Instalacje',
      city: 'Wrocław',
      accepted_privacy: '1',
    });
    expect(res.status()).toBe(200);
    const registrationId = (await res.json()).id as number;
    await page.context().addCookies((await user.ctx.storageState()).cookies);
    await user.ctx.dispose();

    await page.goto(`/pl/my-account/course-registation/${registrationId}`);
    await expect(page.locator('[data-status="registered"]')).toBeVisible();
    await page.getByRole('button', { name: 'Anuluj zgłoszenie' }).click();
    await expect(page).toHaveURL(new RegExp(`/pl/my-account/course-registation/${registrationId}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Zgłoszenie zostało anulowane.' })).toBeVisible();
    await expect(page.locator('[data-status="cancelled"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anuluj zgłoszenie' })).toHaveCount(0);
    expect(await waitForMail(email, /X-Mail-Kind: courses.status/)).toContain('Anulowane');
    expect((await upcomingCourses()).find((c) => c.id === wroclaw?.id)?.seats_left).toBe(wroclaw?.seats_left);
  });
});

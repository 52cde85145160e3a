import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, useLocation, useNavigation } from 'react-router';
import { loginPath } from '~/core/permissions/login-path';
import { COMPANY } from '~/core/company';
import { consentFromRequest } from '~/core/consent/consent';
import { zodIssuesToErrors } from '~/core/http/validation';
import { RATE_LIMITS, takeAttempt, tooManyMessage } from '~/core/http/rate-limit.server';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney } from '~/core/money/money';
import { getCurrentUser } from '~/core/permissions/current-user.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { firstErrors, scrollToFirstInvalid } from '~/core/ui/form/field-errors';
import { PageHeader } from '~/core/ui/page-header';
import { SectionTabs } from '~/core/ui/section-tabs';
import { HttpError } from '~/core/http/errors';
import { refreshToken, TokenField } from '~/core/ui/token-field';
import { Notice } from '~/core/ui/form/notice';
import { TextInput } from '../components/form-bits';
import {
  CourseFullError,
  getPublicCourse,
  registrationPrefill,
  listProgrammes,
  listUpcomingCourses,
  type PublicCourse,
  registerForCourse,
} from '../courses.server';
import { courseMessages } from '../messages';
import { formatDays } from '../rules';
import { COMPANY_MAX, NAME_MAX, registrationSchema } from '../validation';
import type { Route } from './+types/courses';

/** SPEC section 2: the query `section` of /courses; without it the page opens on the dates. */
export const COURSE_SECTIONS = ['course_form_opis', 'course_form', 'course_form_form'] as const;
export type CourseSection = (typeof COURSE_SECTIONS)[number];

export function parseCourseSection(value: string | null): CourseSection {
  return (COURSE_SECTIONS as readonly string[]).includes(value ?? '') ? (value as CourseSection) : 'course_form';
}

const SECTION_LABEL = { course_form_opis: 'tab.opis', course_form: 'tab.dates', course_form_form: 'tab.form' } as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  const url = new URL(request.url);
  const section = parseCourseSection(url.searchParams.get('section'));
  const courseId = Number(url.searchParams.get('course'));
  const [dates, programmes, chosen, user] = await Promise.all([
    section === 'course_form' ? listUpcomingCourses(locale, { includeRecent: true }) : Promise.resolve([] as PublicCourse[]),
    section === 'course_form_opis' ? listProgrammes(locale) : Promise.resolve([]),
    section === 'course_form_form' && courseId ? getPublicCourse(courseId, locale) : Promise.resolve(null),
    section === 'course_form_form' ? getCurrentUser(context) : Promise.resolve(null),
  ]);
  // The form's choice of dates when none is chosen (or the chosen one cannot be booked).
  const open = section === 'course_form_form' ? (await listUpcomingCourses(locale)).filter((c) => c.state === 'open' || c.state === 'full') : [];
  const prefill = user ? await registrationPrefill(user.id) : null;
  // A logged-in user's page (prefilled form) is private, no-store by the core cache-control hook.
  return data({ section, dates, programmes, chosen, open, prefill, loggedIn: Boolean(user), token: context.xsrfToken, consent: consentFromRequest(request) });
}

type ActionResult =
  | { ok: true; message: string; id: number; status: string }
  | { ok: false; message: string; errors: Record<string, string>; waitingList?: boolean; values: Record<string, string> };

/** The registration form without JavaScript and with it: the same rules as POST /api/course-registrations. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string' && k !== '_token') values[k] = v;
  const fail = (status: number, message: string, errors: Record<string, string> = {}, waitingList = false) =>
    data<ActionResult>({ ok: false, message, errors, waitingList, values }, { status });
  if (!(await takeAttempt(`course-registration:${context.clientIp}`, RATE_LIMITS.publicFormPerIp))) return fail(429, tooManyMessage(locale));
  const parsed = registrationSchema(locale).safeParse(values);
  if (!parsed.success) {
    const errors = firstErrors(zodIssuesToErrors(parsed.error.issues));
    return fail(422, Object.values(errors)[0] ?? '', errors);
  }
  const user = await getCurrentUser(context);
  try {
    const { id, status } = await registerForCourse(parsed.data, { userId: user?.id ?? null, locale });
    const t = translator(courseMessages, locale);
    return data<ActionResult>({
      ok: true,
      id,
      status,
      message: status === 'waiting' ? t('reg.waiting', { email: parsed.data.email }) : t('reg.done', { email: parsed.data.email }),
    });
  } catch (e) {
    if (e instanceof CourseFullError) return fail(422, e.message, firstErrors(e.errors), true);
    if (e instanceof HttpError && e.status === 422) return fail(422, e.message, firstErrors(e.errors));
    throw e;
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(courseMessages, layout.locale);
  const section = loaderData?.section ?? 'course_form';
  return seoMeta({
    ...layout,
    path: section === 'course_form' ? '/courses' : `/courses?section=${section}`,
    title: `${t('page.title')} – ${t(SECTION_LABEL[section])}`,
    description: t('page.description'),
    ...(section === 'course_form_form' ? { robots: 'noindex' } : {}),
  });
}

function sectionHref(locale: string, section: CourseSection, course?: number) {
  const q = new URLSearchParams({ section });
  if (course) q.set('course', String(course));
  return `/${locale}/courses?${q}`;
}

export default function Courses({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(courseMessages);
  const { section } = loaderData;
  return (
    <>
      <PageHeader title={t('page.title')} lead={t('page.lead')} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <SectionTabs label={t('tabs.label')} sections={COURSE_SECTIONS} current={section} labelOf={(s) => t(SECTION_LABEL[s])} />
        {section === 'course_form_opis' && <Programme programmes={loaderData.programmes} />}
        {section === 'course_form' && <Dates dates={loaderData.dates} />}
        {section === 'course_form_form' && (
          <RegistrationForm
            chosen={loaderData.chosen}
            open={loaderData.open}
            prefill={loaderData.prefill}
            loggedIn={loaderData.loggedIn}
            token={loaderData.token}
            result={actionData as ActionResult | undefined}
          />
        )}
      </div>
    </>
  );
}

function Programme({ programmes }: { programmes: { title: string; description: string; course_id: number }[] }) {
  const t = useT(courseMessages);
  const locale = useLocale();
  return (
    <section aria-labelledby="course-programme" className="mt-8">
      <h2 id="course-programme" className="text-2xl font-bold text-slate-900">
        {t('opis.heading')}
      </h2>
      {programmes.length === 0 ? (
        <p className="mt-4 text-slate-600">{t('opis.empty')}</p>
      ) : (
        programmes.map((p) => (
          <article key={p.course_id} className="mt-6 max-w-4xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-xl font-semibold text-brand-900">{p.title}</h3>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when stored (sanitizeRichText) */}
            <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: p.description }} />
          </article>
        ))
      )}
      <p className="mt-6">
        <Link
          to={sectionHref(locale, 'course_form')}
          className="inline-flex rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('opis.seeDates')}
        </Link>
      </p>
    </section>
  );
}

function Dates({ dates }: { dates: PublicCourse[] }) {
  const t = useT(courseMessages);
  const locale = useLocale();
  const stateLabel = { full: t('dates.full'), closed: t('dates.closed'), past: t('dates.past') } as const;
  return (
    <section aria-labelledby="course-dates" className="mt-8">
      <h2 id="course-dates" className="text-2xl font-bold text-slate-900">
        {t('dates.heading')}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600">{t('dates.lead')}</p>
      {dates.length === 0 ? (
        <p className="mt-6 text-slate-600">{t('dates.empty', { email: COMPANY.email })}</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label={t('dates.caption')} data-testid="course-dates">
          {dates.map((c) => (
            <li
              key={c.id}
              data-course-id={c.id}
              data-state={c.state}
              className={`flex flex-col rounded-lg border p-5 shadow-sm ${c.state === 'past' ? 'border-slate-200 bg-slate-50' : 'border-slate-200 bg-white'}`}
            >
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{c.city}</p>
              <h3 className="mt-1 text-lg font-semibold leading-snug text-slate-900">{c.title}</h3>
              <dl className="mt-3 space-y-1 text-sm text-slate-700">
                <div className="flex gap-2">
                  <dt className="sr-only">{t('col.dates')}</dt>
                  <dd className="font-medium">
                    {formatDays(c.date_from, c.date_to)}, {t('dates.hours', { from: c.time_from, to: c.time_to })}
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt className="sr-only">{t('col.venue')}</dt>
                  <dd>{c.venue}</dd>
                </div>
                <div className="flex justify-between gap-2 pt-2">
                  <dt>{t('col.price')}</dt>
                  <dd className="font-semibold text-slate-900">{formatMoney(c.price_grosze, locale)}</dd>
                </div>
                <div className="flex justify-between gap-2">
                  <dt>{t('col.seatsLeft')}</dt>
                  <dd className={`font-semibold ${c.seats_left === 0 ? 'text-red-700' : 'text-slate-900'}`} data-testid="seats-left">
                    {t('dates.seatsOf', { left: c.seats_left, seats: c.seats })}
                  </dd>
                </div>
                {c.registration_deadline && c.state === 'open' && (
                  <div>
                    <dt className="sr-only">{t('label.dates')}</dt>
                    <dd className="text-xs text-slate-600">{t('dates.deadline', { date: formatDays(c.registration_deadline, c.registration_deadline) })}</dd>
                  </div>
                )}
              </dl>
              <div className="mt-auto pt-4">
                {c.state === 'open' || c.state === 'full' ? (
                  <Link
                    to={sectionHref(locale, 'course_form_form', c.id)}
                    className={`inline-flex w-full items-center justify-center rounded-md px-4 py-2 text-sm font-semibold ${
                      c.state === 'open'
                        ? 'bg-brand-700 text-white hover:bg-brand-800'
                        : 'border border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100'
                    }`}
                  >
                    {c.state === 'open' ? t('dates.signUp') : `${t('dates.full')} · ${t('dates.waitingList')}`}
                    <span className="sr-only">
                      : {c.city}, {formatDays(c.date_from, c.date_to)}
                    </span>
                  </Link>
                ) : (
                  <span className="inline-flex w-full items-center justify-center rounded-md border border-slate-200 px-4 py-2 text-sm font-semibold text-slate-600">
                    {stateLabel[c.state]}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RegistrationForm({
  chosen,
  open,
  prefill,
  loggedIn,
  token,
  result,
}: {
  chosen: PublicCourse | null;
  open: PublicCourse[];
  prefill: Record<string, string> | null;
  loggedIn: boolean;
  token: string;
  result: ActionResult | undefined;
}) {
  const t = useT(courseMessages);
  const locale = useLocale();
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  const failed = result && !result.ok ? result : null;
  // A field's message goes away as soon as the field is edited.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer shows its messages again
  useEffect(() => setEdited(new Set()), [result]);
  const errors = Object.fromEntries(Object.entries(failed?.errors ?? {}).filter(([k]) => !edited.has(k)));
  const formMessage = failed && (Object.keys(failed.errors).length === 0 || failed.waitingList || failed.errors.course_id) ? failed.message : '';
  const values = failed?.values ?? prefill ?? {};
  // After a refused submit the first invalid field comes into view (SPEC section 5).
  useEffect(() => {
    if (failed && formRef.current) scrollToFirstInvalid(formRef.current);
  }, [failed]);

  if (result?.ok) {
    return (
      <section aria-labelledby="course-form" className="mt-8 max-w-3xl">
        <h2 id="course-form" className="text-2xl font-bold text-slate-900">
          {t('form.successTitle')}
        </h2>
        <div className="mt-4">
          <Notice kind="success">{result.message}</Notice>
        </div>
        {loggedIn && (
          <p className="mt-4">
            <Link to={`/${locale}/my-account/course-registation/${result.id}`} className="font-semibold text-brand-700 underline hover:text-brand-900">
              {t('form.myRegistrations')}
            </Link>
          </p>
        )}
      </section>
    );
  }

  const course = chosen && (chosen.state === 'open' || chosen.state === 'full') ? chosen : null;
  const selectedId = values.course_id ?? (course ? String(course.id) : '');
  const selected = open.find((c) => String(c.id) === selectedId) ?? course;
  const full = selected?.state === 'full' || failed?.waitingList === true;
  return (
    <section aria-labelledby="course-form" className="mt-8 max-w-3xl">
      <h2 id="course-form" className="text-2xl font-bold text-slate-900">
        {t('form.heading')}
      </h2>
      <p className="mt-2 text-slate-600">{t('form.lead')}</p>
      {open.length === 0 && !course ? (
        <p className="mt-6 text-slate-600">{t('dates.empty', { email: COMPANY.email })}</p>
      ) : (
        <Form
          ref={formRef}
          method="post"
          action={`/${locale}/courses?section=course_form_form${course ? `&course=${course.id}` : ''}`}
          onSubmitCapture={refreshToken}
          onChange={(e) => {
            const name = (e.target as { name?: string }).name;
            if (name && failed?.errors[name] && !edited.has(name)) setEdited(new Set([...edited, name]));
          }}
          noValidate
          className="mt-6 space-y-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          aria-describedby={formMessage ? 'course-form-message' : undefined}
        >
          <TokenField token={token} />
          {formMessage && (
            <Notice kind={failed?.waitingList ? 'warning' : 'error'} id="course-form-message">
              {formMessage}
            </Notice>
          )}
          {prefill && !failed && <Notice kind="info">{t('form.prefilled')}</Notice>}
          {!loggedIn && (
            <p className="text-sm text-slate-600">
              {t('form.loginHint')}{' '}
              <Link to={loginPath(locale, `${location.pathname}${location.search}`)} className="font-semibold text-brand-700 underline hover:text-brand-900">
                {t('form.login')}
              </Link>
            </p>
          )}
          <div>
            <label htmlFor="course-course_id" className="mb-1 block text-sm font-medium text-slate-800">
              {t('form.course')}
              <span className="text-red-700" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <select
              id="course-course_id"
              name="course_id"
              defaultValue={selectedId}
              required
              aria-invalid={errors.course_id ? true : undefined}
              aria-describedby={errors.course_id ? 'course-course_id-error' : undefined}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600"
            >
              <option value="">{t('select.empty')}</option>
              {open.map((c) => (
                <option key={c.id} value={c.id}>
                  {formatDays(c.date_from, c.date_to)} · {c.city} · {c.title} · {formatMoney(c.price_grosze, locale)}
                  {c.state === 'full' ? ` · ${t('dates.full')}` : ''}
                </option>
              ))}
            </select>
            {errors.course_id && (
              <p id="course-course_id-error" className="mt-1 text-sm font-medium text-red-700">
                {errors.course_id}
              </p>
            )}
            {selected && (
              <p className="mt-2 text-sm text-slate-600">
                {selected.venue}, {t('dates.hours', { from: selected.time_from, to: selected.time_to })}
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              name="first_name"
              label={t('form.first_name')}
              autoComplete="given-name"
              maxLength={NAME_MAX}
              defaultValue={values.first_name}
              error={errors.first_name}
            />
            <TextInput
              name="surname"
              label={t('form.surname')}
              autoComplete="family-name"
              maxLength={NAME_MAX}
              defaultValue={values.surname}
              error={errors.surname}
            />
            <TextInput name="phone" label={t('form.phone')} type="tel" autoComplete="tel" maxLength={20} defaultValue={values.phone} error={errors.phone} />
            <TextInput
              name="email"
              label={t('form.email')}
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={values.email}
              error={errors.email}
            />
            <TextInput
              name="company_name"
              label={t('form.company_name')}
              autoComplete="organization"
              maxLength={COMPANY_MAX}
              defaultValue={values.company_name}
              error={errors.company_name}
              hint={t('form.company_hint')}
            />
            <TextInput name="city" label={t('form.city')} autoComplete="address-level2" maxLength={NAME_MAX} defaultValue={values.city} error={errors.city} />
          </div>
          <div>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="accepted_privacy"
                value="1"
                defaultChecked={values.accepted_privacy === '1'}
                aria-invalid={errors.accepted_privacy ? true : undefined}
                aria-describedby={errors.accepted_privacy ? 'course-accepted_privacy-error' : undefined}
                className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-700"
              />
              <span>
                {t('form.privacy.before')}
                <a
                  href={`/${locale}/static/polityka-prywatnosci`}
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-brand-700 underline hover:text-brand-900"
                >
                  {t('form.privacy.link')}
                  <span className="sr-only"> {t('form.newTab')}</span>
                </a>
                {t('form.privacy.after')}
                <span className="text-red-700" aria-hidden="true">
                  {' '}
                  *
                </span>
              </span>
            </label>
            {errors.accepted_privacy && (
              <p id="course-accepted_privacy-error" className="mt-1 text-sm font-medium text-red-700">
                {errors.accepted_privacy}
              </p>
            )}
          </div>
          {full && (
            <>
              <input type="hidden" name="waiting_list" value="1" />
              <Notice kind="warning">{t('form.waitingNote')}</Notice>
            </>
          )}
          <div className="flex justify-end border-t border-slate-100 pt-5">
            <button
              type="submit"
              disabled={pending}
              className="inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-300 focus:ring-offset-2 disabled:opacity-70"
            >
              {pending ? t('form.sending') : full ? t('form.joinWaiting') : t('form.submit')}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

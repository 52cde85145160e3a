import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, useSubmit } from 'react-router';
import { COMPANY } from '~/core/company';
import { downloadFile } from '~/core/http/api-client';
import { HttpError } from '~/core/http/errors';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney } from '~/core/money/money';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { refreshToken, refreshTokenOf, TokenField } from '~/core/ui/token-field';
import { Notice } from '~/core/ui/form/notice';
import { StatusBadge } from '../components/form-bits';
import type { RegistrationStatus } from '../courses.schema';
import { cancelMyRegistration, getMyRegistration } from '../courses.server';
import { courseMessages } from '../messages';
import { CANCEL_DAYS_BEFORE, formatDays } from '../rules';
import type { Route } from './+types/my-course-registration';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: `/my-account/course-registation/${params.id}`,
    title: translator(courseMessages, layout.locale)('my.detailTitle', { id: params.id ?? '' }),
    robots: 'noindex',
  });
}

/** /{locale}/my-account/course-registation/{id}: one own registration (404 for anyone else's). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const reg = await getMyRegistration(user.id, Number(args.params.id), locale);
  if (!reg) throw data(null, { status: 404 });
  return { reg, token: args.context.xsrfToken };
}

/**
 * Cancelling from the page's form: the same service as POST /api/course-registrations/{id}/cancel,
 * so it works without JavaScript (with JavaScript the confirm dialog submits the same form).
 */
export async function action(args: Route.ActionArgs) {
  const user = await requireActiveUser(args);
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  try {
    await cancelMyRegistration(user.id, Number(args.params.id), locale);
    return { ok: true as const, message: translator(courseMessages, locale)('reg.cancelled') };
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) throw data(null, { status: 404 });
    if (e instanceof HttpError) return data({ ok: false as const, message: e.message }, { status: e.status });
    throw e;
  }
}

export default function MyCourseRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(courseMessages);
  const locale = useLocale();
  const submit = useSubmit();
  const cancelForm = useRef<HTMLFormElement>(null);
  // Before hydration (or without JavaScript) the button posts the form; after it, the confirm dialog does.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { reg } = loaderData;
  const c = reg.course;
  const row = (label: string, value: string) => (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium text-slate-900 sm:col-span-2">{value}</dd>
    </div>
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p className="mb-3 text-sm">
        <Link to={`/${locale}/my-account/course-registations`} className="text-brand-700 hover:underline">
          ← {t('my.back')}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-brand-900">{t('my.detailTitle', { id: reg.id })}</h1>
        <StatusBadge status={reg.status} label={t(`status.${reg.status}`)} />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="reg-course" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="reg-course" className="text-lg font-semibold text-slate-900">
            {t('my.course')}
          </h2>
          <p className="mt-2 font-medium text-brand-900">{c.title}</p>
          <dl className="mt-2 divide-y divide-slate-100">
            {row(t('label.dates'), formatDays(c.date_from, c.date_to))}
            {row(t('label.hours'), `${c.time_from}–${c.time_to}`)}
            {row(t('label.city'), c.city)}
            {row(t('label.venue'), c.venue)}
            {row(t('label.price'), formatMoney(c.price_grosze, locale))}
          </dl>
        </section>
        <section aria-labelledby="reg-person" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="reg-person" className="text-lg font-semibold text-slate-900">
            {t('my.participant')}
          </h2>
          <dl className="mt-2 divide-y divide-slate-100">
            {row(t('label.name'), `${reg.first_name} ${reg.surname}`)}
            {row(t('label.email'), reg.email)}
            {row(t('label.phone'), reg.phone)}
            {row(t('label.company'), reg.company_name)}
            {row(t('label.city2'), reg.city)}
            {row(t('label.registeredAt'), formatDate(reg.created_at))}
            {reg.certificate_number ? row(t('label.certificate'), reg.certificate_number) : null}
          </dl>
        </section>
      </div>
      <section aria-labelledby="reg-actions" className="mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="reg-actions" className="sr-only">
          {t('label.status')}
        </h2>
        {actionData?.message && (
          <div className="mb-4">
            <Notice kind={actionData.ok ? 'success' : 'error'} id="cancel-message">
              {actionData.message}
            </Notice>
          </div>
        )}
        {reg.status === 'attended' ? (
          reg.certificate_number ? (
            <button
              type="button"
              onClick={() => void downloadFile(`/api/course-registrations/${reg.id}/certificate`)}
              className="inline-flex items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t('my.certificate')}
            </button>
          ) : (
            <p className="text-sm text-slate-700">{t('my.certificateSoon')}</p>
          )
        ) : reg.can_cancel ? (
          <Form method="post" ref={cancelForm} onSubmit={refreshToken} className="flex flex-wrap items-center gap-4">
            <TokenField token={loaderData.token} />
            {hydrated ? (
              <ConfirmDialog
                triggerClassName={cancelButtonClass}
                trigger={t('my.cancel')}
                title={t('my.cancel')}
                message={t('my.cancelConfirm', { title: c.title, date: formatDays(c.date_from, c.date_to) })}
                onConfirm={() => {
                  const form = cancelForm.current;
                  if (!form) return;
                  refreshTokenOf(form);
                  void submit(form);
                }}
              />
            ) : (
              <button type="submit" className={cancelButtonClass}>
                {t('my.cancel')}
              </button>
            )}
            <p className="text-sm text-slate-600">{t('my.cancelRule', { days: CANCEL_DAYS_BEFORE })}</p>
          </Form>
        ) : reg.status !== 'cancelled' ? (
          <p className="text-sm text-slate-700">{t('my.cancelClosed', { date: formatDays(reg.last_cancel_day, reg.last_cancel_day), email: COMPANY.email })}</p>
        ) : null}
      </section>
      <section aria-labelledby="reg-history" className="mt-6">
        <h2 id="reg-history" className="text-lg font-semibold text-slate-900">
          {t('my.history')}
        </h2>
        <ol className="mt-3 space-y-2 border-l-2 border-brand-100 pl-4">
          {reg.history.map((h) => (
            <li key={`${h.at}-${h.to}`} className="text-sm text-slate-700">
              <span className="font-medium text-slate-900">{t(`status.${h.to as RegistrationStatus}`)}</span> · {formatDate(h.at)}
              {h.comment ? ` · ${h.comment}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

const cancelButtonClass = 'inline-flex items-center rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50';

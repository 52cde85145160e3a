import { useState } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import { api, downloadFile } from '~/core/http/api-client';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { inputClass } from '~/core/ui/form/field';
import { StatusBadge } from '../../components/form-bits';
import type { RegistrationStatus } from '../../courses.schema';
import { courseMessages } from '../../messages';
import { registrationWorkflow } from '../../registration-workflow.server';
import { attendanceOpen, formatDays } from '../../rules';
import { todayInWarsaw } from '~/core/time/days';
import { getAdminRegistration } from '../courses-admin.server';
import type { Route } from './+types/admin-course-registration';
import { formatTime } from '~/core/time/format';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: `/admin/course-registation/${params.id}`,
    title: translator(courseMessages, layout.locale)('admin.reg.title', { id: params.id ?? '' }),
    robots: 'noindex',
  });
}

/** /{locale}/admin/course-registation/{id}: the registration, its status moves and the certificate. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args, 'course_registrations');
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const id = Number(args.params.id);
  const reg = Number.isInteger(id) ? await getAdminRegistration(id, locale) : null;
  if (!reg) throw data(null, { status: 404 });
  // Attendance is offered from the course's last day (the server refuses it before); it stays marked once a certificate is issued.
  const attendance = attendanceOpen(reg.course.date_to, todayInWarsaw());
  const next = registrationWorkflow.allowedNext(reg.status, { id: user.id, admin: true }).filter((s) => s !== 'attended' || attendance);
  return { reg, attendance, next: reg.certificate_number ? [] : next };
}

export default function AdminCourseRegistration({ loaderData }: Route.ComponentProps) {
  const t = useT(courseMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const { reg, next, attendance } = loaderData;
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const move = async (status: RegistrationStatus) => {
    setBusy(true);
    const res = await api(`/api/admin/course-registrations/${reg.id}`, { method: 'PUT', body: { status, comment } });
    setBusy(false);
    if (res.ok) {
      setComment('');
      await revalidator.revalidate();
    }
  };
  const issue = async () => {
    setBusy(true);
    const res = await api(`/api/admin/course-registrations/${reg.id}/certificate`, { method: 'POST' });
    setBusy(false);
    if (res.ok) await revalidator.revalidate();
  };
  const row = (label: string, value: string) => (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium text-slate-900 sm:col-span-2">{value}</dd>
    </div>
  );
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to={`/${locale}/admin/course-registations`} className="text-brand-700 hover:underline">
          ← {t('admin.reg.back')}
        </Link>
      </p>
      <AdminPageHeader title={t('admin.reg.title', { id: reg.id })} lead={`${reg.first_name} ${reg.surname} · ${reg.course.title}`} />
      <div className="grid gap-5 lg:grid-cols-2">
        <AdminCard title={t('admin.reg.participant')}>
          <dl className="divide-y divide-slate-100">
            {row(t('label.name'), `${reg.first_name} ${reg.surname}`)}
            {row(t('label.email'), reg.email)}
            {row(t('label.phone'), reg.phone)}
            {row(t('label.company'), reg.company_name)}
            {row(t('label.city2'), reg.city)}
            {row(t('label.registeredAt'), formatDate(reg.created_at))}
            {row(t('admin.reg.account'), reg.user ? reg.user.email : t('admin.reg.noAccount'))}
          </dl>
        </AdminCard>
        <AdminCard title={t('admin.reg.course')}>
          <dl className="divide-y divide-slate-100">
            {row(t('my.course'), reg.course.title)}
            {row(t('label.dates'), formatDays(reg.course.date_from, reg.course.date_to))}
            {row(t('label.city'), reg.course.city)}
            {row(t('admin.col.seats'), `${reg.seats_taken} / ${reg.seats}`)}
          </dl>
          <p className="mt-3">
            <Link to={`/${locale}/admin/course-registations?course=${reg.course.id}`} className="text-sm font-medium text-brand-700 hover:underline">
              {t('admin.participants.open')}
            </Link>
          </p>
        </AdminCard>
      </div>
      <AdminCard title={t('admin.reg.statusCard')} className="mt-5">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {t('label.status')}: <StatusBadge status={reg.status} label={t(`status.${reg.status}`)} />
        </p>
        {next.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('admin.reg.noMoves', { status: t(`status.${reg.status}`) })}</p>
        ) : (
          <div className="mt-4 space-y-3">
            <div className="max-w-xl">
              <label htmlFor="reg-comment" className="mb-1 block text-sm font-medium text-slate-800">
                {t('admin.reg.comment')}
              </label>
              <textarea id="reg-comment" rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.currentTarget.value)} className={inputClass} />
            </div>
            <div className="flex flex-wrap gap-2">
              {next.map((s) => (
                <button key={s} type="button" disabled={busy} onClick={() => void move(s)} className={s === 'attended' ? primaryButton : secondaryButton}>
                  {s === 'attended' ? t('admin.reg.markAttended') : t('admin.reg.moveTo', { status: t(`status.${s}`) })}
                </button>
              ))}
            </div>
            <p className="text-xs text-slate-500">{t('admin.reg.mailed')}</p>
            {!attendance && reg.status !== 'cancelled' && (
              <p className="text-sm text-slate-600" data-testid="attendance-from">
                {t('admin.reg.attendanceFrom', { date: formatDays(reg.course.date_to, reg.course.date_to) })}
              </p>
            )}
          </div>
        )}
        <div className="mt-5 border-t border-slate-100 pt-4">
          {reg.certificate_number ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-slate-700">
                {t('label.certificate')}:{' '}
                <span className="font-mono font-semibold" data-testid="certificate-number">
                  {reg.certificate_number}
                </span>
              </p>
              <button type="button" className={secondaryButton} onClick={() => void downloadFile(`/api/admin/course-registrations/${reg.id}/certificate`)}>
                {t('admin.reg.downloadCertificate')}
              </button>
            </div>
          ) : reg.status === 'attended' ? (
            <button type="button" disabled={busy} className={primaryButton} onClick={() => void issue()}>
              {t('admin.reg.issueOne')}
            </button>
          ) : (
            <p className="text-sm text-slate-600">{t('admin.reg.certificateNeedsAttendance')}</p>
          )}
        </div>
      </AdminCard>
      <AdminCard title={t('admin.reg.history')} className="mt-5">
        <ol className="space-y-2 border-l-2 border-brand-100 pl-4">
          {reg.history.map((h) => (
            <li key={`${h.at}-${h.to}`} className="text-sm text-slate-700">
              <span className="font-medium text-slate-900">{t(`status.${h.to as RegistrationStatus}`)}</span> · {formatTime(h.at, locale, 'seconds')}
              {h.comment ? ` · ${h.comment}` : ''}
            </li>
          ))}
        </ol>
      </AdminCard>
    </div>
  );
}

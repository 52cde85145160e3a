import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Field, Select, Textarea } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader } from '~/core/ui/admin/page-header';
import { primaryButton, secondaryButton } from '~/core/ui/form/button';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { getApplication } from '../../applications.server';
import { ApplicationView } from '../../components/application-view';
import { formsMessages } from '../../messages';
import type { Route } from './+types/admin-application';
import { formatTime } from '~/core/time/format';

export function meta({ matches, data }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: '/admin/application',
    title: translator(formsMessages, layout.locale)('app.admin.detail', { investment: data?.application.investmentName ?? '' }),
    robots: 'noindex',
  });
}

/** /{locale}/admin/application/{id}: the data, attachments, history, and the review (status with comment). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args, 'applications');
  const id = Number(args.params.id);
  const application =
    Number.isInteger(id) && id > 0 && id <= 2_147_483_647
      ? await getApplication(id, { actor: { id: user.id, email: user.email, isStaff: true, isOwner: false } })
      : null;
  if (!application) throw new Response('Not found', { status: 404 });
  return { application };
}

export default function AdminApplication({ loaderData }: Route.ComponentProps) {
  const t = useT(formsMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const a = loaderData.application;
  const [status, setStatus] = useState('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const f = useFieldErrors({ prefix: 'review' });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await api(`/api/admin/applications/${a.id}`, { method: 'PUT', body: { status, from: a.status, comment } });
    setBusy(false);
    if (res.ok) {
      setStatus('');
      setComment('');
      f.showFieldErrors({});
      await revalidator.revalidate();
    } else if (res.status === 422) f.showFieldErrors(res.errors && Object.keys(res.errors).length ? res.errors : { status: [res.message ?? ''] });
    else if (res.status === 409) await revalidator.revalidate();
  };
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t('app.admin.detail', { investment: a.investmentName || `#${a.id}` })}
        lead={`${t('admin.col.status')}: ${t(`app.status.${a.status}`)}${a.certificate ? ` · ${t('app.col.certificate')}: ${a.certificate.number}` : ''}`}
        actions={
          <Link to={`/${locale}/admin/applications`} className={secondaryButton}>
            {t('admin.back')}
          </Link>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <ApplicationView data={a.data as Record<string, unknown>} attachments={a.attachments} />
        <div className="space-y-6">
          <AdminCard title={t('admin.section.status')}>
            {a.certificate && (
              <p className="mb-3 text-sm">
                <a href={`/api/applications/${a.id}/certificate`} className="font-medium text-brand-700 hover:underline">
                  {t('app.downloadCertificate')}
                </a>
              </p>
            )}
            {a.next.length === 0 ? (
              <p className="text-sm text-slate-600">{t(`app.status.${a.status}`)}</p>
            ) : (
              <form onSubmit={submit} ref={f.formRef} className="space-y-3" noValidate>
                <Field label={t('admin.newStatus')} htmlFor={f.field('status').id} error={f.message('status')} errorId={f.error('status').id}>
                  <Select
                    {...f.field('status')}
                    value={status}
                    onChange={(e) => setStatus(e.target.value)}
                    options={a.next.map((s) => ({ id: s, name: t(`app.status.${s}`) }))}
                  />
                </Field>
                <Field label={t('app.comment')} htmlFor={f.field('comment').id} error={f.message('comment')} errorId={f.error('comment').id}>
                  <Textarea {...f.field('comment')} value={comment} onChange={(e) => setComment(e.target.value)} />
                </Field>
                <button type="submit" disabled={busy} className={primaryButton}>
                  {t('admin.changeStatus')}
                </button>
              </form>
            )}
          </AdminCard>
          <AdminCard title={t('admin.section.history')}>
            <ol className="space-y-3 text-sm">
              {a.history.map((h) => (
                <li key={h.id} className="border-l-2 border-brand-200 pl-3">
                  <div className="font-medium text-slate-900">
                    {h.from ? `${t(`app.status.${h.from as 'draft'}`)} → ` : ''}
                    {t(`app.status.${h.to as 'draft'}`)}
                  </div>
                  <div className="text-xs text-slate-600">{formatTime(h.createdAt)}</div>
                  {h.comment && <p className="mt-1 whitespace-pre-line text-slate-800">{h.comment}</p>}
                </li>
              ))}
            </ol>
          </AdminCard>
        </div>
      </div>
    </div>
  );
}

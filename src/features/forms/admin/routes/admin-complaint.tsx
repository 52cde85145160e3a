import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { listChanges } from '~/core/audit/audit.server';
import { api } from '~/core/http/api-client';
import { formatFileSize } from '~/core/i18n/file-size';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Field, Select, Textarea } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader } from '~/core/ui/admin/page-header';
import { primaryButton, secondaryButton } from '~/core/ui/form/button';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { getComplaint } from '../../complaints.server';
import { formsMessages } from '../../messages';
import { DueDate, StatusBadge } from '../components';
import type { Route } from './+types/admin-complaint';
import { formatTime } from '~/core/time/format';

export function meta({ matches, data }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const number = data?.complaint.number ?? '';
  return seoMeta({
    ...layout,
    path: '/admin/complaint',
    title: translator(formsMessages, layout.locale)('admin.complaint.title', { number }),
    robots: 'noindex',
  });
}

/** /{locale}/admin/complaint/{id}: every field, attachments, status change with comment, notes, history, change log. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args, 'complaints');
  const id = Number(args.params.id);
  const complaint = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await getComplaint(id, { id: user.id, email: user.email, isAdmin: true }) : null;
  if (!complaint) throw new Response('Not found', { status: 404 });
  const changes = await listChanges({ entity: 'complaint', entityId: String(id) });
  return {
    complaint,
    changes: changes.items.map((c) => ({ id: c.id, userEmail: c.userEmail, createdAt: c.createdAt.toISOString(), changes: c.changes })),
  };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[14rem_minmax(0,1fr)]">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="whitespace-pre-line text-sm text-slate-900">{children || '—'}</dd>
    </div>
  );
}

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);
const when = (iso: string) => formatTime(iso);

export default function AdminComplaint({ loaderData }: Route.ComponentProps) {
  const t = useT(formsMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const c = loaderData.complaint;
  const [status, setStatus] = useState('');
  const [comment, setComment] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const sf = useFieldErrors({ prefix: 'status' });
  const nf = useFieldErrors({ prefix: 'note' });

  const changeStatus = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await api(`/api/admin/complaints/${c.id}`, { method: 'PUT', body: { status, from: c.status, comment } });
    setBusy(false);
    if (res.ok) {
      setStatus('');
      setComment('');
      sf.showFieldErrors({});
      await revalidator.revalidate();
    } else if (res.status === 422) {
      // A refused transition comes as a message without fields: shown under the status.
      sf.showFieldErrors(res.errors && Object.keys(res.errors).length ? res.errors : { status: [res.message ?? ''] });
    } else if (res.status === 409) await revalidator.revalidate();
  };
  const addNote = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await api(`/api/admin/complaints/${c.id}/notes`, { method: 'POST', body: { body: note } });
    setBusy(false);
    if (res.ok) {
      setNote('');
      nf.showFieldErrors({});
      await revalidator.revalidate();
    } else if (res.status === 422) nf.showFieldErrors(res.errors ?? {});
  };

  const statusError = sf.message('status') ?? sf.message('_');
  const label = (field: string, v: unknown) =>
    field === 'status' && typeof v === 'string' ? t(`status.${v as 'new'}`) : v === null || v === undefined ? '—' : String(v);
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t('admin.complaint.title', { number: c.number })}
        lead={
          <span className="inline-flex flex-wrap items-center gap-3">
            <StatusBadge status={c.status} label={t(`status.${c.status}`)} />
            <span>
              {t('admin.col.due')}: <DueDate dueDate={c.dueDate} overdue={c.overdue} soon={false} t={t} />
            </span>
            <span>
              {t('admin.col.created')}: {when(c.createdAt)}
            </span>
          </span>
        }
        actions={
          <Link to={`/${locale}/admin/complaints`} className={secondaryButton}>
            {t('admin.back')}
          </Link>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <AdminCard title={t('admin.section.sender')}>
            <dl className="divide-y divide-slate-100">
              <Row label={t('complaint.company_name')}>{c.companyName}</Row>
              <Row label={t('complaint.tax_identification_nr')}>{c.taxIdentificationNr}</Row>
              <Row label={t('complaint.street')}>{`${c.street}\n${c.postcode} ${c.post}`}</Row>
              <Row label={t('complaint.contact_person')}>{c.contactPerson}</Row>
              <Row label={t('complaint.phone')}>
                <a href={`tel:${c.phone.replace(/\s+/g, '')}`} className="text-brand-700 hover:underline">
                  {c.phone}
                </a>
              </Row>
              <Row label={t('complaint.email')}>
                <a href={`mailto:${c.email}`} className="text-brand-700 hover:underline">
                  {c.email}
                </a>
              </Row>
            </dl>
          </AdminCard>
          <AdminCard title={t('admin.section.complaint')}>
            <dl className="divide-y divide-slate-100">
              <Row label={t('complaint.product_name')}>{c.productName}</Row>
              <Row label={t('complaint.purchase_date')}>{day(c.purchaseDate)}</Row>
              <Row label={t('complaint.purchase_document_number')}>{c.purchaseDocumentNumber}</Row>
              <Row label={t('complaint.defect_noticed_date')}>{day(c.defectNoticedDate)}</Row>
              <Row label={t('complaint.description')}>{c.description}</Row>
              <Row label={t('complaint.preferred_action')}>
                {t(`complaint.action.${c.preferredAction}`)}
                {c.preferredAction === 'other' ? `: ${c.preferredActionOther}` : ''}
              </Row>
            </dl>
          </AdminCard>
          {c.isDifferentDeliveryAddress && (
            <AdminCard title={t('admin.section.delivery')}>
              <dl className="divide-y divide-slate-100">
                <Row label={t('complaint.delivery_name')}>{c.deliveryName}</Row>
                <Row label={t('complaint.delivery_street')}>{`${c.deliveryStreet}\n${c.deliveryPostcode} ${c.deliveryPost}`}</Row>
              </dl>
            </AdminCard>
          )}
          <AdminCard title={t('admin.section.attachments')}>
            {c.attachments.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.noAttachments')}</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {c.attachments.map((a) => (
                  <li key={a.id} className="flex items-center justify-between gap-3 py-2">
                    <a
                      href={`/files/${a.fileId}/${encodeURIComponent(a.filename)}`}
                      className="break-all font-medium text-brand-700 hover:underline"
                      aria-label={t('admin.download', { name: a.filename })}
                    >
                      {a.filename}
                    </a>
                    <span className="shrink-0 text-xs text-slate-500">{formatFileSize(a.size, locale)}</span>
                  </li>
                ))}
              </ul>
            )}
          </AdminCard>
        </div>
        <div className="space-y-6">
          <AdminCard title={t('admin.section.status')}>
            {c.next.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.finalStatus')}</p>
            ) : (
              <form onSubmit={changeStatus} ref={sf.formRef} className="space-y-3" noValidate>
                <Field label={t('admin.newStatus')} htmlFor={sf.field('status').id} error={statusError} errorId={sf.error('status').id}>
                  <Select
                    {...sf.field('status')}
                    aria-invalid={statusError ? true : undefined}
                    value={status}
                    onChange={(e) => setStatus(e.target.value)}
                    options={c.next.map((s) => ({ id: s, name: t(`status.${s}`) }))}
                  />
                </Field>
                <Field label={t('admin.comment')} htmlFor={sf.field('comment').id} error={sf.message('comment')} errorId={sf.error('comment').id}>
                  <Textarea {...sf.field('comment')} value={comment} onChange={(e) => setComment(e.target.value)} />
                </Field>
                <button type="submit" disabled={busy} className={primaryButton}>
                  {t('admin.changeStatus')}
                </button>
              </form>
            )}
          </AdminCard>
          <AdminCard title={t('admin.section.history')}>
            {c.history.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.noHistory')}</p>
            ) : (
              <ol className="space-y-3 text-sm">
                {c.history.map((h) => (
                  <li key={h.id} className="border-l-2 border-brand-200 pl-3">
                    <div className="font-medium text-slate-900">
                      {h.from ? `${t(`status.${h.from as 'new'}`)} → ` : ''}
                      {t(`status.${h.to as 'new'}`)}
                    </div>
                    <div className="text-xs text-slate-600">
                      {when(h.createdAt)} · {h.actorEmail ? t('admin.historyBy', { who: h.actorEmail }) : t('admin.historySystem')}
                    </div>
                    {h.comment && <p className="mt-1 whitespace-pre-line text-slate-800">{h.comment}</p>}
                  </li>
                ))}
              </ol>
            )}
          </AdminCard>
          <AdminCard title={t('admin.section.notes')}>
            {c.notes.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.noNotes')}</p>
            ) : (
              <ul className="space-y-3 text-sm">
                {c.notes.map((n) => (
                  <li key={n.id} className="rounded bg-amber-50 p-3">
                    <p className="whitespace-pre-line text-slate-900">{n.body}</p>
                    <p className="mt-1 text-xs text-slate-600">
                      {n.authorEmail} · {when(n.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <form onSubmit={addNote} ref={nf.formRef} className="mt-4 space-y-3" noValidate>
              <Field label={t('admin.note')} htmlFor={nf.field('body').id} error={nf.message('body')} errorId={nf.error('body').id}>
                <Textarea {...nf.field('body')} value={note} onChange={(e) => setNote(e.target.value)} />
              </Field>
              <button type="submit" disabled={busy} className={secondaryButton}>
                {t('admin.addNote')}
              </button>
            </form>
          </AdminCard>
          <AdminCard title={t('admin.section.changes')}>
            <ul className="space-y-2 text-sm">
              {loaderData.changes.map((ch) => (
                <li key={ch.id}>
                  <span className="text-xs text-slate-600">{when(ch.createdAt)}</span> · {ch.userEmail ?? '—'}:{' '}
                  {Object.entries(ch.changes)
                    .map(([k, v]) => `${k}: ${label(k, v?.before)} → ${label(k, v?.after)}`)
                    .join(', ')}
                </li>
              ))}
            </ul>
          </AdminCard>
        </div>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatFileSize } from '~/core/i18n/file-size';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { formatDate, formatTime } from '~/core/time/format';
import { fileUrl } from '~/core/files/urls';
import { getMyComplaint } from '../complaints.server';
import { ComplaintStatusBadge } from '../components/complaint-status-badge';
import { formsMessages } from '../messages';
import type { Route } from './+types/my-complaint';

export function meta({ matches, data }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: '/my-account/complaint',
    title: translator(formsMessages, layout.locale)('admin.complaint.title', { number: data?.complaint.number ?? '' }),
    robots: 'noindex',
  });
}

/** /{locale}/my-account/complaint/{id}: one of the user's own complaints: what was sent, files, statuses. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const id = Number(args.params.id);
  const complaint = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await getMyComplaint(user.id, id) : null;
  if (!complaint) throw new Response('Not found', { status: 404 });
  return { complaint };
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[16rem_1fr] sm:gap-4">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default function MyComplaint({ loaderData }: Route.ComponentProps) {
  const t = useT(formsMessages);
  const locale = useLocale();
  const c = loaderData.complaint;
  const box = 'rounded-lg border border-slate-200 bg-white p-5';
  const h2 = 'mb-2 text-base font-semibold text-brand-900';
  const action =
    c.preferredAction === 'other' && c.preferredActionOther
      ? `${t('complaint.action.other')}: ${c.preferredActionOther}`
      : t(`complaint.action.${c.preferredAction}`);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <Link to={`/${locale}/my-account/complaints`} className="text-sm font-medium text-brand-700 hover:underline">
        {t('complaint.my.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-brand-900">{t('admin.complaint.title', { number: c.number })}</h1>
        <ComplaintStatusBadge status={c.status} label={t(`status.${c.status}`)} />
      </div>
      <p className="text-slate-700">
        {t('complaint.my.filed', { date: formatDate(c.createdAt) })} · {t('complaint.my.due', { date: formatDate(c.dueDate) })}
      </p>

      <section aria-labelledby="complaint-history" className={box}>
        <h2 id="complaint-history" className={h2}>
          {t('admin.section.history')}
        </h2>
        <ol className="space-y-2 text-sm">
          <li>
            {formatTime(c.createdAt, locale)} · {t('complaint.my.filedStatus')}
          </li>
          {c.history
            .filter((h) => h.from !== null)
            .map((h) => (
              <li key={h.id}>
                {formatTime(h.createdAt, locale)} · <strong>{t(`status.${h.to as 'new'}`)}</strong>
                {h.comment ? <span className="whitespace-pre-line"> — {h.comment}</span> : null}
              </li>
            ))}
        </ol>
      </section>

      <section aria-labelledby="complaint-data" className={box}>
        <h2 id="complaint-data" className={h2}>
          {t('admin.section.complaint')}
        </h2>
        <dl className="divide-y divide-slate-100 text-sm">
          <Row label={t('complaint.product_name')}>{c.productName}</Row>
          <Row label={t('complaint.purchase_date')}>{formatDate(c.purchaseDate)}</Row>
          <Row label={t('complaint.purchase_document_number')}>{c.purchaseDocumentNumber}</Row>
          <Row label={t('complaint.defect_noticed_date')}>{formatDate(c.defectNoticedDate)}</Row>
          <Row label={t('complaint.description')}>
            <span className="whitespace-pre-line">{c.description}</span>
          </Row>
          <Row label={t('complaint.preferred_action')}>{action}</Row>
        </dl>
      </section>

      <section aria-labelledby="complaint-attachments" className={box}>
        <h2 id="complaint-attachments" className={h2}>
          {t('admin.section.attachments')}
        </h2>
        {c.attachments.length === 0 ? (
          <p className="text-sm text-slate-600">{t('admin.noAttachments')}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {c.attachments.map((a) => (
              <li key={a.fileId}>
                <a href={fileUrl(a.fileId, a.filename)} className="break-all font-medium text-brand-700 hover:underline">
                  {a.filename}
                </a>{' '}
                <span className="text-slate-500">({formatFileSize(a.size, locale)})</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="complaint-sender" className={box}>
        <h2 id="complaint-sender" className={h2}>
          {t('admin.section.sender')}
        </h2>
        <dl className="divide-y divide-slate-100 text-sm">
          <Row label={t('complaint.company_name')}>{c.companyName}</Row>
          {c.taxIdentificationNr ? <Row label={t('complaint.tax_identification_nr')}>{c.taxIdentificationNr}</Row> : null}
          <Row label={t('complaint.contact_person')}>{c.contactPerson}</Row>
          <Row label={t('complaint.email')}>{c.email}</Row>
          <Row label={t('complaint.phone')}>{c.phone}</Row>
          {c.delivery ? (
            <Row label={t('admin.section.delivery')}>
              {c.delivery.name}, {c.delivery.street}, {c.delivery.postcode} {c.delivery.post}
            </Row>
          ) : null}
        </dl>
      </section>
    </div>
  );
}

import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { listChanges } from '~/core/audit/audit.server';
import { api } from '~/core/http/api-client';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, toDecimal, totalsOfNet } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Field, Select, Textarea } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { dayLabel, StatusBadge } from '../../components/page-band';
import { rentalWorkflow } from '../../rental-workflow.server';
import { getRental, rentalHistory } from '../../rentals.server';
import { CARRIERS, trackingUrl } from '../../statuses';
import { rentalUi } from '../../messages';
import type { Route } from './+types/admin-tester-rental';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: `/admin/tester-rentals/${params.id}`,
    title: translator(rentalUi, layout.locale)('admin.rental', { id: params.id }),
    robots: 'noindex',
  });
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args, 'tester_rentals');
  const locale = args.params.locale === 'en' ? 'en' : 'pl';
  const id = Number(args.params.id);
  const r = Number.isSafeInteger(id) && id > 0 ? await getRental(id) : null;
  if (!r) throw new Response('Not found', { status: 404 });
  const changes = await listChanges({ entity: 'tester_rental', entityId: r.id, perPage: 20 });
  return {
    rental: { ...r, statusLabel: rentalWorkflow.label(r.status, locale), totals: totalsOfNet(r.cost), costDecimal: toDecimal(r.cost) },
    next: rentalWorkflow.allowedNext(r.status, { id: user.id, isAdmin: true, isOwner: false }).map((s) => ({ id: s, name: rentalWorkflow.label(s, locale) })),
    history: await rentalHistory(r.id, locale),
    changes: changes.items.map((c) => ({ id: c.id, at: c.createdAt.toISOString(), who: c.userEmail ?? '', fields: Object.keys(c.changes).join(', ') })),
  };
}

export default function AdminTesterRental({ loaderData }: Route.ComponentProps) {
  const t = useT(rentalUi);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const { rental: r, next, history, changes } = loaderData;
  const fe = useFieldErrors({ prefix: 'rental' });
  const comma = (v: string) => (locale === 'pl' ? v.replace('.', ',') : v);
  const [status, setStatus] = useState('');
  const [comment, setComment] = useState('');
  const [carrier, setCarrier] = useState<string>(r.carrier);
  const [waybill, setWaybill] = useState(r.waybillNumber);
  const [returnWaybill, setReturnWaybill] = useState(r.returnWaybillNumber);
  const [cost, setCost] = useState(comma(r.costDecimal));
  const [reason, setReason] = useState(r.costCorrectionReason ?? '');
  const [saving, setSaving] = useState(false);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    const costChanged = cost.trim() !== comma(r.costDecimal);
    const res = await api(`/api/admin/tester-rentals/${r.id}`, {
      method: 'PUT',
      body: {
        status: status || r.status,
        carrier,
        waybill_number: waybill,
        return_waybill_number: returnWaybill,
        comment,
        ...(costChanged ? { cost, cost_correction_reason: reason } : {}),
      },
    });
    setSaving(false);
    if (res.ok) {
      setStatus('');
      setComment('');
      fe.clear();
      revalidator.revalidate();
    } else if (res.errors) fe.showFieldErrors(res.errors);
  }

  const a = r.deliveryAddress;
  const dl = 'grid grid-cols-[10rem_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm';
  return (
    <div>
      <AdminPageHeader
        title={t('admin.rental', { id: r.id })}
        lead={
          <span className="flex items-center gap-2">
            <StatusBadge status={r.status} label={r.statusLabel} /> {r.testerName} · {dayLabel(r.from)} – {dayLabel(r.to)}
          </span>
        }
        actions={
          <Link to={`/${locale}/admin/tester-rentals`} className={secondaryButton}>
            {t('detail.back')}
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <AdminCard title={t('detail.summary')}>
          <dl className={dl}>
            <dt className="text-slate-600">{t('my.meter')}</dt>
            <dd>
              {r.testerName} ({r.serialNumber})
            </dd>
            <dt className="text-slate-600">{t('my.dates')}</dt>
            <dd>
              {dayLabel(r.from)} – {dayLabel(r.to)} ({r.days})
            </dd>
            <dt className="text-slate-600">{t('admin.tenant')}</dt>
            <dd>
              {r.tenant.name}, NIP {r.tenant.taxId}
              <br />
              {r.tenant.street}, {r.tenant.postcode} {r.tenant.post}
              <br />
              {r.tenant.person}, {r.tenant.phone}
            </dd>
            <dt className="text-slate-600">{t('admin.email')}</dt>
            <dd>{r.tenant.email}</dd>
            <dt className="text-slate-600">{t('detail.handover')}</dt>
            <dd>
              {r.isPersonalPickup
                ? t('detail.pickup')
                : t('detail.courier', { address: a ? [a.name, a.full_street, `${a.postcode} ${a.post}`, a.phone_number].join(', ') : '' })}
            </dd>
            <dt className="text-slate-600">{t('rent.net')}</dt>
            <dd>
              {formatMoney(r.totals.net, locale)} ({t('rent.gross')}: {formatMoney(r.totals.gross, locale)})
              {r.costCorrectionReason && <span className="block text-slate-600">{t('detail.correction', { reason: r.costCorrectionReason })}</span>}
            </dd>
            <dt className="text-slate-600">{t('rent.deposit')}</dt>
            <dd>{formatMoney(r.deposit, locale)}</dd>
          </dl>
          <div className="mt-4 flex flex-wrap gap-3 text-sm">
            <a href={`/api/admin/tester-rentals/${r.id}/contract`} download className="font-medium text-brand-700 underline">
              {t('detail.download')}
            </a>
            {r.hasSignedContract ? (
              <a href={`/api/admin/tester-rentals/${r.id}/signed-contract`} download className="font-medium text-brand-700 underline">
                {t('admin.signed')}
              </a>
            ) : (
              <span className="text-slate-600">{t('admin.noSigned')}</span>
            )}
          </div>
        </AdminCard>

        <AdminCard title={t('admin.status')}>
          <form onSubmit={save} noValidate ref={fe.formRef} className="space-y-4">
            <Field label={t('admin.status')} htmlFor={fe.field('status').id} error={fe.message('status')} errorId={fe.error('status').id}>
              <Select {...fe.field('status')} options={next} value={status} onChange={(e) => setStatus(e.target.value)} />
            </Field>
            <Field label={t('admin.comment')} htmlFor={fe.field('comment').id} error={fe.message('comment')} errorId={fe.error('comment').id}>
              <Textarea {...fe.field('comment')} value={comment} onChange={(e) => setComment(e.target.value)} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('admin.carrier')} htmlFor={fe.field('carrier').id} error={fe.message('carrier')} errorId={fe.error('carrier').id}>
                <select {...fe.field('carrier')} value={carrier} onChange={(e) => setCarrier(e.target.value)} className={inputClass}>
                  {CARRIERS.map((c) => (
                    <option key={c} value={c}>
                      {t(`carrier.${c}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                label={t('admin.waybill')}
                htmlFor={fe.field('waybill_number').id}
                error={fe.message('waybill_number')}
                errorId={fe.error('waybill_number').id}
              >
                <input {...fe.field('waybill_number')} value={waybill} onChange={(e) => setWaybill(e.target.value)} className={inputClass} />
              </Field>
              <Field
                label={t('admin.returnWaybill')}
                htmlFor={fe.field('return_waybill_number').id}
                error={fe.message('return_waybill_number')}
                errorId={fe.error('return_waybill_number').id}
              >
                <input {...fe.field('return_waybill_number')} value={returnWaybill} onChange={(e) => setReturnWaybill(e.target.value)} className={inputClass} />
              </Field>
              <Field label={t('admin.cost')} htmlFor={fe.field('cost').id} error={fe.message('cost')} errorId={fe.error('cost').id}>
                <input {...fe.field('cost')} inputMode="decimal" value={cost} onChange={(e) => setCost(e.target.value)} className={inputClass} />
              </Field>
              <Field
                label={t('admin.costReason')}
                htmlFor={fe.field('cost_correction_reason').id}
                error={fe.message('cost_correction_reason')}
                errorId={fe.error('cost_correction_reason').id}
              >
                <input {...fe.field('cost_correction_reason')} value={reason} onChange={(e) => setReason(e.target.value)} className={inputClass} />
              </Field>
            </div>
            <button type="submit" disabled={saving} className={primaryButton}>
              {t('admin.save')}
            </button>
          </form>
          {(r.waybillNumber || r.returnWaybillNumber) && (
            <p className="mt-4 flex flex-wrap gap-4 text-sm" data-testid="tracking">
              <span>
                {t('detail.carrier')}: {t(`carrier.${r.carrier}`)}
              </span>
              {[r.waybillNumber, r.returnWaybillNumber].filter(Boolean).map((n) => {
                const url = trackingUrl(r.carrier, n);
                return url ? (
                  <a key={n} href={url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                    {t('detail.track')}: {n}
                    <span className="sr-only"> {t('newTab')}</span>
                  </a>
                ) : (
                  <span key={n}>{n}</span>
                );
              })}
            </p>
          )}
        </AdminCard>

        <AdminCard title={t('detail.history')}>
          <ol className="space-y-2 text-sm" data-testid="admin-history">
            {history.map((h) => (
              <li key={`${h.at}-${h.to}`} className="flex flex-wrap gap-x-3">
                <span className="text-slate-600">{formatDate(h.at)}</span>
                <span className="font-medium text-slate-900">{h.label}</span>
                {h.comment && <span className="text-slate-700">— {h.comment}</span>}
              </li>
            ))}
          </ol>
        </AdminCard>

        <AdminCard title={t('admin.changeLog')}>
          {changes.length === 0 ? (
            <p className="text-sm text-slate-600">{t('my.empty')}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {changes.map((c) => (
                <li key={c.id}>
                  <span className="text-slate-600">{formatDate(c.at)}</span> {c.who}: {c.fields}
                </li>
              ))}
            </ul>
          )}
        </AdminCard>
      </div>
    </div>
  );
}

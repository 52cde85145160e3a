import { useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, formatVatRate, totalsOfNet } from '~/core/money/money';
import { guardLocale, requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { FieldError, Label } from '~/core/ui/form/field';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { PageHeader } from '~/core/ui/page-header';
import { dayLabel, StatusBadge } from '../components/page-band';
import { rentalWorkflow } from '../rental-workflow.server';
import { getUserRental, rentalHistory } from '../rentals.server';
import { SIGNED_CONTRACT_STATUSES, trackingUrl } from '../statuses';
import { rentalUi } from '../messages';
import type { Route } from './+types/my-tester-rental';
import { Button, buttonClass, dangerButton } from '~/core/ui/form/button';

export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const locale = guardLocale(args.params);
  const id = Number(args.params.id);
  const rental = Number.isSafeInteger(id) && id > 0 ? await getUserRental(user.id, id) : null;
  if (!rental) throw new Response('Not found', { status: 404 });
  return {
    rental: { ...rental, statusLabel: rentalWorkflow.label(rental.status, locale), totals: totalsOfNet(rental.cost) },
    history: await rentalHistory(rental.id, locale),
    canCancel: rentalWorkflow.canMove(rental.status, 'cancelled', { id: user.id, isAdmin: false, isOwner: true }),
  };
}

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(rentalUi, layout.locale);
  return seoMeta({ ...layout, path: `/my-account/tester-rentals/${params.id}`, title: t('detail.title', { id: params.id }), robots: 'noindex' });
}

export default function MyTesterRental({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useT(rentalUi);
  const { rental: r, history, canCancel } = loaderData;
  const revalidator = useRevalidator();
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const canUpload = (SIGNED_CONTRACT_STATUSES as readonly string[]).includes(r.status);
  const a = r.deliveryAddress;

  async function upload(e: React.FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    const form = new FormData();
    if (file) form.append('file', file);
    setSending(true);
    const res = await api(`/api/tester-rentals/${r.id}/signed-contract`, { method: 'POST', body: form });
    setSending(false);
    if (res.ok) {
      setFileError(undefined);
      if (fileRef.current) fileRef.current.value = '';
      revalidator.revalidate();
    } else setFileError(res.errors?.file?.[0] ?? res.message);
  }

  const row = 'flex justify-between gap-4 py-1';
  return (
    <>
      <PageHeader title={t('detail.title', { id: r.id })} crumbs={[{ to: `/${locale}/my-account/tester-rentals`, label: t('my.title') }]}>
        <p className="mt-3">
          <StatusBadge status={r.status} label={r.statusLabel} />
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 lg:grid-cols-2">
        <section aria-labelledby="summary" className="rounded-lg border border-slate-200 p-5">
          <h2 id="summary" className="text-lg font-semibold text-slate-900">
            {t('detail.summary')}
          </h2>
          <dl className="mt-3 divide-y divide-slate-100 text-sm text-slate-800">
            <div className={row}>
              <dt>{t('my.meter')}</dt>
              <dd className="text-right font-medium">{r.testerName}</dd>
            </div>
            <div className={row}>
              <dt>{t('my.dates')}</dt>
              <dd className="text-right font-medium" data-testid="rental-dates">
                {dayLabel(r.from)} – {dayLabel(r.to)} ({r.days})
              </dd>
            </div>
            <div className={row}>
              <dt>{t('detail.handover')}</dt>
              <dd className="text-right">
                {r.isPersonalPickup
                  ? t('detail.pickup')
                  : t('detail.courier', { address: a ? [a.name, a.full_street, `${a.postcode} ${a.post}`].join(', ') : '' })}
              </dd>
            </div>
            <div className={row}>
              <dt>{t('rent.net')}</dt>
              <dd>{formatMoney(r.totals.net, locale)}</dd>
            </div>
            <div className={row}>
              <dt>{t('rent.vat', { rate: formatVatRate() })}</dt>
              <dd>{formatMoney(r.totals.vat, locale)}</dd>
            </div>
            <div className={`${row} font-semibold`}>
              <dt>{t('rent.gross')}</dt>
              <dd data-testid="rental-gross">{formatMoney(r.totals.gross, locale)}</dd>
            </div>
            {r.costCorrectionReason && <p className="py-1 text-slate-600">{t('detail.correction', { reason: r.costCorrectionReason })}</p>}
            <div className={row}>
              <dt>{t('rent.deposit')}</dt>
              <dd>{formatMoney(r.deposit, locale)}</dd>
            </div>
            <div className={row}>
              <dt>{t('detail.tenant')}</dt>
              <dd className="text-right">
                {r.tenant.name}, {r.tenant.taxId}
                <br />
                {r.tenant.street}, {r.tenant.postcode} {r.tenant.post}
              </dd>
            </div>
          </dl>
          {canCancel && (
            <ConfirmDialog
              trigger={t('detail.cancel')}
              triggerClassName={`mt-4 ${dangerButton}`}
              title={t('detail.cancel')}
              message={t('detail.cancelConfirm')}
              destructive
              submitUrl="/api/tester-rentals"
              id={`${r.id}/cancel`}
              method="POST"
              onConfirm={() => revalidator.revalidate()}
            />
          )}
        </section>

        <div className="space-y-8">
          <section aria-labelledby="contract" className="rounded-lg border border-slate-200 p-5">
            <h2 id="contract" className="text-lg font-semibold text-slate-900">
              {t('detail.contract')}
            </h2>
            <p className="mt-3">
              <a href={`/api/tester-rentals/${r.id}/contract`} download className={buttonClass('primary')}>
                {t('detail.download')}
              </a>
            </p>
            {r.hasSignedContract && (
              <p className="mt-3 text-sm text-green-800" data-testid="signed-done">
                {t('detail.signedDone')}{' '}
                <a href={`/api/tester-rentals/${r.id}/signed-contract`} download className="font-medium text-brand-700 underline">
                  {t('detail.signedDownload')}
                </a>
              </p>
            )}
            {canUpload ? (
              <form onSubmit={upload} className="mt-4" noValidate>
                <Label htmlFor="signed-file">{t('detail.signedUpload')}</Label>
                <div className="flex flex-wrap items-center gap-3">
                  <input
                    ref={fileRef}
                    id="signed-file"
                    type="file"
                    name="file"
                    accept="application/pdf,image/jpeg,image/png"
                    aria-invalid={fileError ? true : undefined}
                    aria-describedby={fileError ? 'signed-file-error' : undefined}
                    className="text-sm"
                  />
                  <Button type="submit" variant="outline" disabled={sending}>
                    {t('detail.signedSend')}
                  </Button>
                </div>
                <FieldError id="signed-file-error" message={fileError} />
              </form>
            ) : (
              !r.hasSignedContract && <p className="mt-3 text-sm text-slate-600">{t('detail.signedLater')}</p>
            )}
          </section>

          <section aria-labelledby="shipping" className="rounded-lg border border-slate-200 p-5">
            <h2 id="shipping" className="text-lg font-semibold text-slate-900">
              {t('detail.shipping')}
            </h2>
            {r.waybillNumber || r.returnWaybillNumber ? (
              <dl className="mt-3 space-y-2 text-sm">
                <div className="flex flex-wrap justify-between gap-2">
                  <dt>{t('detail.carrier')}</dt>
                  <dd className="font-medium" data-testid="carrier">
                    {t(`carrier.${r.carrier}`)}
                  </dd>
                </div>
                {[
                  [t('detail.waybill'), r.waybillNumber],
                  [t('detail.returnWaybill'), r.returnWaybillNumber],
                ]
                  .filter(([, n]) => n)
                  .map(([label, n]) => {
                    const url = trackingUrl(r.carrier, n);
                    return (
                      <div key={label} className="flex flex-wrap justify-between gap-2">
                        <dt>{label}</dt>
                        <dd className="font-medium" data-testid="waybill">
                          {n}{' '}
                          {url && (
                            <a href={url} target="_blank" rel="noopener noreferrer" className="ml-2 text-brand-700 underline">
                              {t('detail.track')}
                              <span className="sr-only"> {t('newTab')}</span>
                            </a>
                          )}
                        </dd>
                      </div>
                    );
                  })}
              </dl>
            ) : (
              <p className="mt-3 text-sm text-slate-600">{t('detail.noWaybill')}</p>
            )}
          </section>

          <section aria-labelledby="history" className="rounded-lg border border-slate-200 p-5">
            <h2 id="history" className="text-lg font-semibold text-slate-900">
              {t('detail.history')}
            </h2>
            <ol className="mt-3 space-y-2 text-sm" data-testid="history">
              {history.map((h) => (
                <li key={`${h.at}-${h.to}`} className="flex flex-wrap gap-x-3">
                  <span className="text-slate-600">{formatDate(h.at)}</span>
                  <span className="font-medium text-slate-900">{h.label}</span>
                  {h.comment && <span className="text-slate-700">— {h.comment}</span>}
                </li>
              ))}
            </ol>
          </section>
          <p>
            <Link to={`/${locale}/my-account/tester-rentals`} className="font-medium text-brand-700 hover:underline">
              ← {t('detail.back')}
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}

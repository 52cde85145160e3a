// The rental contract as a PDF, generated from the rental (core/pdf): parties, the meter with its
// serial number, the dates, the price, the deposit and the terms, with places to sign.
import { COMPANY, PERSONAL_PICKUP_LINE } from '~/core/company';
import { formatDate } from '~/core/time/format';
import { type Locale, translator } from '~/core/i18n/locale';
import { formatMoney, formatVatRate, totalsOfNet } from '~/core/money/money';
import { createDocument } from '~/core/pdf/document.server';
import { rentalMessages } from './messages';
import type { RentalView } from './rentals.server';

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

export function contractFilename(id: number, locale: Locale): string {
  return locale === 'en' ? `rental-contract-${id}.pdf` : `umowa-wypozyczenia-${id}.pdf`;
}

export async function rentalContractPdf(r: RentalView, accessories: string[], locale: Locale): Promise<Uint8Array> {
  const t = translator(rentalMessages, locale);
  const doc = await createDocument({ locale, title: t('pdf.title', { id: r.id }), reference: `WYP/${r.id}`, subtitle: `${day(r.from)} – ${day(r.to)}` });
  const totals = totalsOfNet(r.cost);
  const a = r.deliveryAddress;
  const delivery = r.isPersonalPickup
    ? t('pdf.pickup', { address: `${COMPANY.name}, ${PERSONAL_PICKUP_LINE}` })
    : t('pdf.courier', { address: a ? [a.name, a.full_street || a.street, `${a.postcode} ${a.post}`].filter(Boolean).join(', ') : '' });
  doc
    .heading(t('pdf.parties'), 2)
    .keyValues([
      [t('pdf.lender'), `${COMPANY.name}, ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.town}`],
      [t('pdf.tenant'), `${r.tenant.name}, ${r.tenant.street}, ${r.tenant.postcode} ${r.tenant.post}`],
      [t('pdf.taxId'), r.tenant.taxId],
      [t('pdf.person'), r.tenant.person],
      [t('pdf.phone'), r.tenant.phone],
    ])
    .heading(t('pdf.meter'), 2)
    .keyValues([
      [t('mail.tester'), [r.testerName, r.testerModel].filter(Boolean).join(' – ')],
      [t('pdf.serial'), r.serialNumber || '—'],
      [t('pdf.calibration'), r.calibrationValidUntil ? day(r.calibrationValidUntil) : '—'],
      ...(accessories.length ? ([[t('pdf.accessories'), accessories.join(', ')]] as [string, string][]) : []),
    ])
    .heading(t('pdf.period'), 2)
    .keyValues([
      [t('pdf.period'), `${day(r.from)} – ${day(r.to)}`],
      [t('pdf.days'), String(r.days)],
      [t('pdf.handover'), delivery],
    ])
    .heading(t('pdf.price'), 2)
    .table({
      columns: [
        { header: '', width: 3 },
        { header: t('pdf.net'), money: true },
      ],
      rows: [
        [t('pdf.price'), r.price],
        ...(r.courierFee ? [[t('pdf.courierFee'), r.courierFee]] : []),
        ...(r.costCorrectionReason ? [[r.costCorrectionReason, r.cost - r.price - r.courierFee]] : []),
      ],
      footer: [
        [t('pdf.net'), totals.net],
        [t('pdf.vat', { rate: formatVatRate() }), totals.vat],
        [t('pdf.gross'), totals.gross],
      ],
    })
    .keyValues([[t('pdf.deposit'), formatMoney(r.deposit, locale)]])
    .heading(t('pdf.terms'), 2)
    .paragraph(`1. ${t('pdf.term1')}`)
    .paragraph(`2. ${t('pdf.term2')}`)
    .paragraph(`3. ${t('pdf.term3')}`)
    .paragraph(`4. ${t('pdf.term4')}`)
    .space(30)
    .signatures([t('pdf.signLender'), t('pdf.signTenant')]);
  return doc.save();
}

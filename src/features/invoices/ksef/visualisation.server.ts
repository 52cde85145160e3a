// The visualisation of an FA(3) e-invoice, made from its stored XML: parties, lines, the VAT summary,
// the payment, and the verification QR code KOD I (kody-qr.md) with the KSeF number under it, or
// "OFFLINE" before one is known. The same view feeds the PDF (core/pdf) and the HTML page.
import QRCode from 'qrcode';
import { createDocument } from '~/core/pdf/document.server';
import type { Locale } from '~/core/i18n/locale';
import { translator } from '~/core/i18n/locale';
import { formatMoney } from '~/core/money/money';
import { type Fa3Invoice, preflightFa3, readFa3, toGrosze } from './fa3.server';
import { ksefMessages } from './messages';
import { verificationUrl } from './qr';

/** The FA(3) VAT field pairs (P_13_x/P_14_x) as rate groups. */
const RATE_GROUPS: Record<string, { pl: string; en: string }> = {
  '1': { pl: '23% (22%)', en: '23% (22%)' },
  '2': { pl: '8% (7%)', en: '8% (7%)' },
  '3': { pl: '5%', en: '5%' },
  '4': { pl: 'ryczałt taxi', en: 'taxi flat rate' },
  '5': { pl: 'procedura OSS', en: 'OSS procedure' },
  '6_1': { pl: '0% (kraj)', en: '0% (domestic)' },
  '6_2': { pl: '0% (WDT)', en: '0% (intra-EU supply)' },
  '6_3': { pl: '0% (eksport)', en: '0% (export)' },
  '7': { pl: 'zw', en: 'exempt' },
  '8': { pl: 'np (poza krajem)', en: 'outside scope (abroad)' },
  '9': { pl: 'np (art. 100)', en: 'outside scope (art. 100)' },
  '10': { pl: 'odwrotne obciążenie', en: 'reverse charge' },
  '11': { pl: 'marża', en: 'margin scheme' },
};

const PAYMENT_FORMS: Record<string, { pl: string; en: string }> = {
  '1': { pl: 'gotówka', en: 'cash' },
  '2': { pl: 'karta', en: 'card' },
  '3': { pl: 'bon', en: 'voucher' },
  '4': { pl: 'czek', en: 'cheque' },
  '5': { pl: 'kredyt', en: 'credit' },
  '6': { pl: 'przelew', en: 'bank transfer' },
  '7': { pl: 'płatność mobilna', en: 'mobile payment' },
};

export interface InvoiceView {
  invoice: Fa3Invoice;
  ksefNumber: string | null;
  /** KOD I */
  qrUrl: string;
  /** What is printed under the QR code: the KSeF number or "OFFLINE". */
  qrCaption: string;
  /** The QR code for an SVG (the HTML page): modules a side and a path of its dark modules (a 4-module quiet zone included). */
  qr: { size: number; path: string };
  /** Paid in the portal (the XML may say unpaid when the payment came later). */
  paidOn: string | null;
}

/** The view of a stored XML (already validated at import). */
export function invoiceView(xml: Buffer, ksefNumber: string | null, paidOn: string | null): InvoiceView {
  const invoice = readFa3(preflightFa3(xml));
  const qrUrl = verificationUrl({ sellerNip: invoice.seller.nip ?? '', issueDate: invoice.issueDate, xml });
  const { size, data } = QRCode.create(qrUrl, { errorCorrectionLevel: 'M' }).modules;
  let path = '';
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (data[r * size + c]) path += `M${c + 4} ${r + 4}h1v1h-1z`;
  return { invoice, ksefNumber, qrUrl, qrCaption: ksefNumber ?? 'OFFLINE', qr: { size: size + 8, path }, paidOn: paidOn ?? invoice.paidOn };
}

const dmy = (iso: string) => iso.split('-').reverse().join('.');

export function rateGroup(field: string, locale: Locale): string {
  return RATE_GROUPS[field]?.[locale] ?? field;
}

export function paymentForm(code: string | null, locale: Locale): string {
  return code ? (PAYMENT_FORMS[code]?.[locale] ?? code) : '–';
}

/** A decimal of the XML in grosze, or null when it is not an amount (e.g. a quantity with 6 places). */
function amountOf(value: string | null): number | null {
  if (value === null) return null;
  try {
    return toGrosze(value);
  } catch {
    return null;
  }
}

export function lineCells(view: InvoiceView, locale: Locale) {
  return view.invoice.lines.map((l) => {
    const price = amountOf(l.unitPrice);
    const value = amountOf(l.value);
    return {
      no: l.no,
      name: l.index ? `${l.name} (${l.index})` : l.name,
      quantity: l.quantity ?? '',
      unit: l.unit ?? '',
      unitPrice: price === null ? (l.unitPrice ?? '') : formatMoney(price, locale),
      value: value === null ? (l.value ?? '') : formatMoney(value, locale),
      rate: l.rate === null ? '' : /^\d+$/.test(l.rate) ? `${l.rate}%` : l.rate,
    };
  });
}

/** The visualisation as a PDF. */
export async function visualisationPdf(view: InvoiceView, locale: Locale): Promise<Uint8Array> {
  const t = translator(ksefMessages, locale);
  const fa = view.invoice;
  const doc = await createDocument({
    locale,
    title: t('v.title', { number: fa.number }),
    subtitle: t('v.source'),
    reference: fa.number,
    keywords: ['KSeF', 'FA(3)', fa.number],
  });
  const party = (p: Fa3Invoice['seller']) => [p.name, p.nip ? `${t('v.nip')} ${p.nip}` : '', ...p.addressLines].filter(Boolean).join('\n');
  doc.keyValues([
    [t('v.seller'), party(fa.seller)],
    [t('v.buyer'), party(fa.buyer)],
    [t('v.kind'), fa.kind],
    [t('v.issueDate'), dmy(fa.issueDate)],
    ...(fa.issuePlace ? ([[t('v.issuePlace'), fa.issuePlace]] as [string, string][]) : []),
    ...(fa.saleDate ? ([[t('v.saleDate'), dmy(fa.saleDate)]] as [string, string][]) : []),
  ]);
  const qr = QRCode.create(view.qrUrl, { errorCorrectionLevel: 'M' });
  doc.qrCode({
    modules: { size: qr.modules.size, data: qr.modules.data },
    caption: view.qrCaption,
    title: t('v.qr'),
    lines: [t('v.qrLead'), view.qrUrl],
  });
  doc.heading(t('v.lines'));
  doc.table({
    columns: [
      { header: t('v.lineNo'), width: 0.5 },
      { header: t('v.name'), width: 4 },
      { header: t('v.qty'), width: 0.8, align: 'right' },
      { header: t('v.unit'), width: 0.7 },
      { header: t('v.unitPrice'), width: 1.4, align: 'right' },
      { header: t('v.value'), width: 1.5, align: 'right' },
      { header: t('v.rate'), width: 0.8, align: 'right' },
    ],
    rows: lineCells(view, locale).map((l) => [l.no, l.name, l.quantity, l.unit, l.unitPrice, l.value, l.rate]),
  });
  doc.heading(t('v.summary'));
  doc.table({
    columns: [
      { header: t('v.rateGroup'), width: 2 },
      { header: t('v.net'), money: true },
      { header: t('v.vat'), money: true },
      { header: t('v.gross'), money: true },
    ],
    rows: fa.vatRows.map((r) => [rateGroup(r.field, locale), r.net, r.vat ?? 0, r.net + (r.vat ?? 0)]),
    footer: [[t('v.total'), fa.net, fa.vat, fa.gross]],
  });
  doc.heading(t('v.payment'));
  doc.keyValues([
    [t('v.toPay'), formatMoney(fa.gross, locale)],
    [t('v.due'), fa.dueDate ? dmy(fa.dueDate) : '–'],
    [t('v.form'), paymentForm(fa.paymentForm, locale)],
    ...fa.bankAccounts.map((a) => [t('v.account'), [a.number, a.bank].filter(Boolean).join(', ')] as [string, string]),
    ...(view.paidOn ? ([[t('v.paid'), dmy(view.paidOn)]] as [string, string][]) : []),
  ]);
  return doc.save();
}

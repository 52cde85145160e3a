// The certificate of a completed online training (PDF, core/pdf): participant, training, date,
// number, valid-until date and the public verification address /{locale}/certificates/{code},
// printed as text and as a QR code (issue 42).
import QRCode from 'qrcode';
import { formatDate } from '~/core/time/format';
import { type Locale, translator } from '~/core/i18n/locale';
import { createDocument } from '~/core/pdf/document.server';
import { trainingMessages } from './messages';

export interface CertificateData {
  number: string;
  /** The random part of the verification address. */
  code: string;
  name: string;
  titlePl: string;
  titleEn: string;
  doneAt: Date;
  /** The last valid day YYYY-MM-DD; null: no expiry. */
  validUntil: string | null;
}

/** The address of the link form of the public check (issue 42): the random code alone. */
export const verificationUrl = (siteUrl: string, locale: Locale, code: string) => `${siteUrl}/${locale}/certificates/${code}`;

export async function trainingCertificatePdf(data: CertificateData, locale: Locale, siteUrl: string): Promise<Uint8Array> {
  const t = translator(trainingMessages, locale);
  const title = (locale === 'en' && data.titleEn) || data.titlePl;
  const url = verificationUrl(siteUrl, locale, data.code);
  const doc = await createDocument({
    locale,
    title: t('cert.title'),
    subtitle: t('cert.subtitle'),
    reference: data.number,
    subject: `${t('cert.title')}: ${data.name}`,
    keywords: [data.number, data.name, title],
    date: data.doneAt,
  });
  doc
    .space(16)
    .paragraph(t('cert.intro'), { align: 'center', muted: true, size: 11 })
    .paragraph(data.name, { align: 'center', bold: true, size: 22 })
    .space(6)
    .paragraph(t('cert.completed', { title }), { align: 'center', size: 12 })
    .space(10)
    .keyValues([
      { label: t('cert.number'), value: data.number },
      { label: t('cert.participant'), value: data.name },
      { label: t('cert.training'), value: title },
      { label: t('cert.date'), value: formatDate(data.doneAt) },
      { label: t('cert.validUntil'), value: data.validUntil ? formatDate(data.validUntil) : t('cert.noExpiry') },
      { label: t('cert.code'), value: data.code },
      { label: t('cert.verify'), value: url },
    ])
    .space(8);
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  doc.qrCode({ modules: { size: qr.modules.size, data: qr.modules.data }, caption: data.code, title: t('cert.qr'), lines: [t('cert.qrLead'), url] });
  doc.signatures([t('cert.sign')]);
  return doc.save();
}

export function trainingCertificateFilename(number: string, locale: Locale): string {
  return `${locale === 'en' ? 'certificate' : 'certyfikat'}-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

// The certificate of a completed online training (PDF, core/pdf): participant, training, date,
// number and the public verification address /{locale}/certificate/{number}.
import { formatDate } from '~/core/time/format';
import { type Locale, translator } from '~/core/i18n/locale';
import { createDocument } from '~/core/pdf/document.server';
import { trainingMessages } from './messages';
import { certificateKey } from './rules';

export interface CertificateData {
  number: string;
  /** The random part of the verification address. */
  code: string;
  name: string;
  titlePl: string;
  titleEn: string;
  doneAt: Date;
}

export const verificationUrl = (siteUrl: string, locale: Locale, number: string, code: string) =>
  `${siteUrl}/${locale}/certificate/${certificateKey(number, code)}`;

export async function trainingCertificatePdf(data: CertificateData, locale: Locale, siteUrl: string): Promise<Uint8Array> {
  const t = translator(trainingMessages, locale);
  const title = (locale === 'en' && data.titleEn) || data.titlePl;
  const url = verificationUrl(siteUrl, locale, data.number, data.code);
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
      { label: t('cert.verify'), value: url },
    ])
    .signatures([t('cert.sign')]);
  return doc.save();
}

export function trainingCertificateFilename(number: string, locale: Locale): string {
  return `${locale === 'en' ? 'certificate' : 'certyfikat'}-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

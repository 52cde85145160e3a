// The course certificate (PDF, core/pdf): the participant, the company name, the course, its dates
// and venue, the certificate's number and the date of issue.
import { formatDate } from '~/core/time/format';
import { type Locale, translator } from '~/core/i18n/locale';
import { createDocument } from '~/core/pdf/document.server';
import type { CourseRegistrationRow, CourseRow } from './courses.schema';
import { courseMessages } from './messages';
import { formatDays } from './rules';

export async function certificatePdf(registration: CourseRegistrationRow, course: CourseRow, locale: Locale): Promise<Uint8Array> {
  const t = translator(courseMessages, locale);
  const title = (locale === 'en' && course.titleEn) || course.titlePl;
  const number = registration.certificateNumber ?? '';
  const issued = registration.certificateIssuedAt ?? new Date();
  const name = `${registration.firstName} ${registration.surname}`;
  const dates = formatDays(course.dateFrom, course.dateTo);
  const doc = await createDocument({
    locale,
    title: t('pdf.title'),
    subtitle: t('pdf.subtitle'),
    reference: number,
    subject: `${t('pdf.title')}: ${name}`,
    keywords: [number, name, title],
    date: issued,
  });
  doc
    .space(16)
    .paragraph(t('pdf.intro'), { align: 'center', muted: true, size: 11 })
    .paragraph(name, { align: 'center', bold: true, size: 22 })
    .paragraph(t('pdf.company', { company: registration.companyName }), { align: 'center', size: 12 })
    .space(6)
    .paragraph(t('pdf.completed', { title, dates, city: course.city }), { align: 'center', size: 11 })
    .space(10)
    .keyValues([
      { label: t('pdf.number'), value: number },
      { label: t('pdf.participant'), value: name },
      { label: t('pdf.companyLabel'), value: registration.companyName },
      { label: t('pdf.course'), value: title },
      { label: t('pdf.dates'), value: `${dates}, ${course.timeFrom}–${course.timeTo}` },
      { label: t('pdf.venue'), value: `${course.city}, ${course.venue}` },
      { label: t('pdf.issued'), value: formatDate(issued) },
    ])
    .paragraph(t('pdf.rights'), { muted: true, size: 9 })
    .signatures([t('pdf.sign.trainer'), t('pdf.sign.company')]);
  return doc.save();
}

/** The file name of a certificate: certyfikat-COBI-SZK-2026-00012.pdf. */
export function certificateFilename(number: string, locale: Locale): string {
  return `${locale === 'en' ? 'certificate' : 'certyfikat'}-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

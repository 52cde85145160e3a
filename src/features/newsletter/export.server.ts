// The export of confirmed subscribers (admin area `newsletter`): CSV and XLSX.
import ExcelJS from 'exceljs';
import type { Locale } from '~/core/i18n/locale';
import { confirmedSubscribers } from './newsletter.server';

const HEADERS: Record<Locale, string[]> = {
  pl: ['Imię', 'E-mail', 'Język', 'Potwierdzono'],
  en: ['Name', 'E-mail', 'Language', 'Confirmed'],
};

/** A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with '. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function rows() {
  return (await confirmedSubscribers()).map((r) => [r.name, r.email, r.locale, r.confirmedAt?.toISOString() ?? '']);
}

export async function subscribersCsv(locale: Locale): Promise<string> {
  const lines = [HEADERS[locale], ...(await rows())].map((r) => r.map(csvCell).join(','));
  // BOM: Excel opens the UTF-8 file with its accents.
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

export async function subscribersXlsx(locale: Locale): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(locale === 'en' ? 'Subscribers' : 'Subskrybenci');
  ws.addRow(HEADERS[locale]).font = { bold: true };
  for (const r of await rows()) ws.addRow(r);
  ws.columns.forEach((c, i) => {
    c.width = [30, 40, 10, 26][i];
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

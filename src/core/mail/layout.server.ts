// The branded HTML mail every feature sends (registration, orders, forms ...), with its plain-text
// twin. Table layout and inline styles only: what Outlook, Gmail and Apple Mail all render.
import { escapeHtml } from '~/core/html/escape';

export { escapeHtml };

export const BRAND = {
  name: 'COBI NET',
  color: '#1549c6',
  street: 'ul. Usługowa 10B',
  city: '64-100 Leszno',
  country: { pl: 'Polska', en: 'Poland' },
} as const;

export interface BrandedMailInput {
  locale: 'pl' | 'en';
  heading: string;
  /** Plain text; a line break inside a paragraph is kept. */
  paragraphs: string[];
  /**
   * Label/value rows under the paragraphs (order number, dates, amounts ...): a two-column table
   * in HTML, aligned "label: value" lines in the text part. A line break inside a value is kept.
   */
  details?: MailDetail[];
  /** A button in HTML, the label and full URL in the text part. http(s) or mailto only. */
  action?: { label: string; url: string };
  /** A small note under the content, e.g. "If you did not register, ignore this message." */
  footerNote?: string;
  /** A link after the note (e.g. unsubscribe): an anchor in HTML, "label: URL" in the text part. http(s) only. */
  footerLink?: { label: string; url: string };
}

export interface MailDetail {
  label: string;
  value: string;
}

const FOOTER = {
  pl: {
    automatic: 'Ta wiadomość została wysłana automatycznie, prosimy na nią nie odpowiadać.',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
  },
  en: {
    automatic: 'This message was sent automatically; please do not reply to it.',
    fallback: 'If the button does not work, copy this address into your browser:',
  },
} as const;

function checkedUrl(url: string): string {
  const trimmed = url.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(trimmed)) {
    throw new Error(`brandedMail: action URL must be absolute http(s) or mailto, got "${url}"`);
  }
  return trimmed;
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';

function paragraphHtml(p: string): string {
  const body = escapeHtml(p).replace(/\r?\n/g, '<br>');
  return `<tr><td style="${FONT}font-size:15px;line-height:22px;color:#1f2937;padding:0 0 16px 0;">${body}</td></tr>`;
}

const CELL = `${FONT}font-size:14px;line-height:20px;padding:8px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top;`;

function detailsHtml(details: MailDetail[]): string {
  if (details.length === 0) return '';
  const rows = details
    .map(
      (d) =>
        `<tr><td width="40%" style="${CELL}color:#4b5563;background-color:#f9fafb;">${escapeHtml(d.label)}</td><td style="${CELL}color:#111827;font-weight:bold;">${escapeHtml(d.value).replace(/\r?\n/g, '<br>')}</td></tr>`,
    )
    .join('\n');
  return `<tr><td style="padding:0 0 20px 0;">
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="border-collapse:collapse;border:1px solid #e5e7eb;border-bottom:0;">
${rows}
</table>
</td></tr>`;
}

/** "Label:   value" lines, the values aligned (up to a label of 28 characters), continuation lines indented. */
function detailsText(details: MailDetail[]): string[] {
  if (details.length === 0) return [];
  const width = Math.min(28, Math.max(...details.map((d) => d.label.length + 1)));
  const lines = details.map((d) => {
    const label = `${d.label}:`.padEnd(width);
    const [first = '', ...rest] = d.value.split(/\r?\n/);
    return [`${label} ${first}`, ...rest.map((r) => `${' '.repeat(label.length)} ${r}`)].join('\n');
  });
  return [...lines, ''];
}

export function brandedMail(input: BrandedMailInput): { html: string; text: string } {
  const locale = input.locale === 'en' ? 'en' : 'pl';
  const f = FOOTER[locale];
  const url = input.action ? checkedUrl(input.action.url) : undefined;
  const e = escapeHtml;

  const action =
    input.action && url
      ? `<tr><td style="padding:8px 0 24px 0;">
<table role="presentation" border="0" cellpadding="0" cellspacing="0"><tr>
<td align="center" bgcolor="${BRAND.color}" style="border-radius:4px;background-color:${BRAND.color};">
<a href="${e(url)}" target="_blank" style="${FONT}display:inline-block;padding:12px 28px;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:4px;">${e(input.action.label)}</a>
</td></tr></table>
</td></tr>
<tr><td style="${FONT}font-size:13px;line-height:19px;color:#4b5563;padding:0 0 16px 0;">${e(f.fallback)}<br><a href="${e(url)}" target="_blank" style="color:${BRAND.color};word-break:break-all;">${e(url)}</a></td></tr>`
      : '';

  const footerUrl = input.footerLink ? checkedUrl(input.footerLink.url) : undefined;
  const footerLink =
    input.footerLink && footerUrl ? ` <a href="${e(footerUrl)}" target="_blank" style="color:${BRAND.color};">${e(input.footerLink.label)}</a>` : '';
  const note =
    input.footerNote || footerLink
      ? `<tr><td style="${FONT}font-size:13px;line-height:19px;color:#6b7280;padding:8px 0 0 0;border-top:1px solid #e5e7eb;">${e(input.footerNote ?? '').replace(/\r?\n/g, '<br>')}${footerLink}</td></tr>`
      : '';

  const html = `<!DOCTYPE html>
<html lang="${locale}" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<title>${e(input.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" bgcolor="#f3f4f6" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" border="0" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background-color:#ffffff;">
<tr><td bgcolor="${BRAND.color}" style="background-color:${BRAND.color};padding:20px 32px;${FONT}font-size:24px;font-weight:bold;letter-spacing:1px;color:#ffffff;">${e(BRAND.name)}</td></tr>
<tr><td style="padding:32px 32px 16px 32px;">
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0">
<tr><td style="${FONT}font-size:22px;line-height:28px;font-weight:bold;color:#111827;padding:0 0 20px 0;">${e(input.heading)}</td></tr>
${[...input.paragraphs.map(paragraphHtml), detailsHtml(input.details ?? [])].filter(Boolean).join('\n')}
${action}
${note}
</table>
</td></tr>
<tr><td bgcolor="#f9fafb" style="background-color:#f9fafb;padding:20px 32px;${FONT}font-size:12px;line-height:18px;color:#6b7280;border-top:3px solid ${BRAND.color};">
<strong style="color:#374151;">${e(BRAND.name)}</strong><br>
${e(BRAND.street)}, ${e(BRAND.city)}, ${e(BRAND.country[locale])}<br>
${e(f.automatic)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  const lines: string[] = [input.heading, '='.repeat(Math.min(input.heading.length, 72)), ''];
  for (const p of input.paragraphs) lines.push(p, '');
  lines.push(...detailsText(input.details ?? []));
  if (input.action && url) lines.push(`${input.action.label}:`, url, '');
  if (input.footerNote) lines.push(input.footerNote);
  if (input.footerLink && footerUrl) lines.push(`${input.footerLink.label}: ${footerUrl}`);
  if (input.footerNote || footerUrl) lines.push('');
  lines.push('--', BRAND.name, `${BRAND.street}, ${BRAND.city}, ${BRAND.country[locale]}`, f.automatic, '');

  return { html, text: lines.join('\n') };
}

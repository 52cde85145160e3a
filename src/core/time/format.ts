// Dates and times as the site shows them, always in Polish time (Europe/Warsaw) so the server's
// render and the browser's hydration write the same text. Formatters are made once per style.
import type { Locale } from '~/core/i18n/locale';
import { ZONE } from './days';

type Instant = Date | string | number;

const DATE_FMT = new Intl.DateTimeFormat('pl-PL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ZONE });

/** SPEC section 5: dates display as DD.MM.YYYY (in every language). */
export function formatDate(value: Instant): string {
  return DATE_FMT.format(new Date(value));
}

/**
 * The styles of a date with its time: 'short' 29.11.2026, 10:26 (en 29/11/2026, 10:26), 'medium'
 * with the month's short name, 'seconds' the locale's default with seconds (29.11.2026, 10:26:29),
 * 'time' the hour and minute alone (10:26).
 */
export type TimeStyle = 'short' | 'medium' | 'seconds' | 'time';

const STYLES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: 'short', timeStyle: 'short' },
  medium: { dateStyle: 'medium', timeStyle: 'short' },
  seconds: { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit' },
};

const FORMATS = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, style: TimeStyle): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let fmt = FORMATS.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'pl-PL', { ...STYLES[style], timeZone: ZONE });
    FORMATS.set(key, fmt);
  }
  return fmt;
}

/** An instant with its time in Polish time, in the locale's way (see TimeStyle). */
export function formatTime(value: Instant, locale: Locale = 'pl', style: TimeStyle = 'short'): string {
  return formatter(locale, style).format(new Date(value));
}

/** DD.MM.YYYY HH:mm in Polish time (the change log, the service page). */
export function formatDateTime(value: Instant): string {
  return `${formatDate(value)} ${formatTime(value, 'pl', 'time')}`;
}

const MONTH_NAMES = {
  pl: new Intl.DateTimeFormat('pl-PL', { month: 'long', timeZone: ZONE }),
  en: new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: ZONE }),
};

/** A month's name as it stands alone ("listopad", "November"); `month` 1-12. */
export function monthName(month: number, locale: Locale): string {
  return MONTH_NAMES[locale].format(Date.UTC(2000, month - 1, 15, 12));
}

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
 * The styles of an instant, in Polish time and with the date DD.MM.YYYY in every language (SPEC
 * section 5): 'short' 01.07.2026, 10:05; 'seconds' 01.07.2026, 10:05:09; 'time' 10:05; 'deadline'
 * the time with its zone, 10:05 CEST, where a moment is a deadline.
 */
export type TimeStyle = 'short' | 'seconds' | 'time' | 'deadline';

const CLOCK: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  short: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  seconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  deadline: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
};

const FORMATS = new Map<string, Intl.DateTimeFormat>();

function clock(locale: Locale, style: TimeStyle): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let fmt = FORMATS.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'pl-PL', { ...CLOCK[style], timeZone: ZONE });
    FORMATS.set(key, fmt);
  }
  return fmt;
}

/** An instant in Polish time (see TimeStyle); the date part, where there is one, DD.MM.YYYY. */
export function formatTime(value: Instant, locale: Locale = 'pl', style: TimeStyle = 'short'): string {
  const at = new Date(value);
  const time = clock(locale, style).format(at);
  return style === 'time' || style === 'deadline' ? time : `${formatDate(at)}, ${time}`;
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

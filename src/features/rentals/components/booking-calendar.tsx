// The date-range widget of the booking page: react-aria's RangeCalendar (keyboard and screen-reader
// support come with it) with the marks of SPEC section 5, from the server's calendar answer
// (GET /api/testers/{id}/calendar, rules.ts calendarDays): a day no rental may include is
// unavailable (a range cannot cross it: rented, in transit or inspection, past the calibration, too
// soon for the courier), every Monday and every public holiday marked as a day off, from today to
// 31 December of the current year + 2. A day not loaded yet is unavailable.
import { parseDate } from '@internationalized/date';
import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
import type { DateValue } from 'react-aria-components';
import { Button, CalendarCell, CalendarGrid, I18nProvider, RangeCalendar, RangeCalendarStateContext } from 'react-aria-components';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { monthName } from '~/core/time/format';
import { type CalendarDay, calendarBounds, type DayRange, isDayOff } from '../rules';
import { rentalUi } from '../messages';

export interface CalendarValue {
  start: DateValue;
  end: DateValue;
}

export function BookingCalendar({
  today,
  days,
  holidays,
  onMonthChange,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  today: string;
  /** The calendar's answer by day. */
  days: ReadonlyMap<string, Pick<CalendarDay, 'start' | 'end' | 'free'>>;
  holidays: ReadonlySet<string>;
  /** The first visible month 'YYYY-MM' (the page loads the calendar around it). */
  onMonthChange: (month: string) => void;
  value: DayRange | null;
  onChange: (range: DayRange) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const locale = useLocale();
  const t = useT(rentalUi);
  const bounds = calendarBounds(today);
  const calendarValue = value ? { start: parseDate(value.from), end: parseDate(value.to) } : null;
  // A day no rental may include: on a day off (no handover) one may only run through a free day;
  // on another day, only a day a rental may begin or end can be inside one (rules.ts calendarDays).
  const unavailable = (iso: string) => {
    const d = days.get(iso);
    if (!d) return true;
    return isDayOff(iso, holidays) ? !d.free : !(d.start || d.end);
  };
  return (
    <I18nProvider locale={locale === 'pl' ? 'pl-PL' : 'en-GB'}>
      <RangeCalendar
        aria-label={t('rent.calendar')}
        aria-describedby={describedBy}
        value={calendarValue}
        onChange={(v) => v && onChange({ from: v.start.toString(), to: v.end.toString() })}
        minValue={parseDate(bounds.from)}
        maxValue={parseDate(bounds.to)}
        isDateUnavailable={(d) => unavailable(d.toString())}
        isInvalid={invalid}
        visibleDuration={{ months: 2 }}
        pageBehavior="single"
        className="w-full"
        data-testid="booking-calendar"
      >
        <header className="mb-3 flex items-center justify-between gap-2">
          <Button
            slot="previous"
            aria-label={t('rent.prev')}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-lg leading-none text-slate-700 hover:bg-slate-100 disabled:opacity-40 data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-600"
          >
            ‹
          </Button>
          <MonthsHeading locale={locale} />
          <VisibleMonth onChange={onMonthChange} />
          <Button
            slot="next"
            aria-label={t('rent.next')}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-lg leading-none text-slate-700 hover:bg-slate-100 disabled:opacity-40 data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-600"
          >
            ›
          </Button>
        </header>
        <div className="flex flex-col gap-6 md:flex-row md:justify-between">
          {[0, 1].map((offset) => (
            <CalendarGrid key={offset} offset={{ months: offset }} weekdayStyle="short" className="w-full border-separate border-spacing-0.5 md:w-auto">
              {(date) => {
                const iso = date.toString();
                const off = isDayOff(iso, holidays);
                return (
                  <CalendarCell
                    date={date}
                    data-day={iso}
                    data-day-off={off || undefined}
                    data-blocked={unavailable(iso) || undefined}
                    data-start={days.get(iso)?.start || undefined}
                    className={({ isSelected, isSelectionStart, isSelectionEnd, isUnavailable, isDisabled, isOutsideMonth, isFocusVisible }) =>
                      [
                        'relative flex h-10 w-full min-w-9 cursor-pointer items-center justify-center rounded-md text-sm outline-none md:w-10',
                        isOutsideMonth ? 'invisible' : '',
                        isUnavailable ? 'cursor-not-allowed bg-red-100 text-red-900 line-through' : '',
                        isDisabled && !isUnavailable ? 'cursor-not-allowed text-slate-400' : '',
                        !isSelected && !isUnavailable && !isDisabled && off ? 'bg-amber-100 text-amber-950' : '',
                        !isSelected && !isUnavailable && !isDisabled && !off ? 'text-slate-900 hover:bg-brand-50' : '',
                        isSelected ? 'bg-brand-100 text-brand-950' : '',
                        isSelectionStart || isSelectionEnd ? 'bg-brand-700 font-semibold text-white' : '',
                        isFocusVisible ? 'ring-2 ring-brand-600 ring-offset-1' : '',
                      ].join(' ')
                    }
                  >
                    {({ formattedDate, isDisabled, isUnavailable }) => (
                      <>
                        {formattedDate}
                        {off && !isDisabled && !isUnavailable && <span aria-hidden="true" className="absolute bottom-1 h-1 w-1 rounded-full bg-amber-600" />}
                        {off && <DayOffLabel text={t('rent.dayOffLabel')} />}
                      </>
                    )}
                  </CalendarCell>
                );
              }}
            </CalendarGrid>
          ))}
        </div>
      </RangeCalendar>
    </I18nProvider>
  );
}

/**
 * Adds "day off" to the accessible label of a day (Monday or public holiday), so a screen reader
 * announces it with the date. react-aria's CalendarCell writes the label itself (date, today,
 * selected) and takes no aria-label or aria-describedby of ours, so after every render of the cell
 * (this element is rendered again with it) the text is appended to the label react-aria just set.
 */
function DayOffLabel({ text }: { text: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const day = ref.current?.closest('[role="button"]');
    if (!day) return;
    const label = day.getAttribute('aria-label') ?? '';
    if (!label.endsWith(`, ${text}`)) day.setAttribute('aria-label', label ? `${label}, ${text}` : text);
  });
  return <span ref={ref} hidden />;
}

/** The legend of the calendar's marks. */
export function CalendarLegend() {
  const t = useT(rentalUi);
  const items = [
    ['border border-slate-300 bg-white', t('rent.legendFree')],
    ['bg-red-100', t('rent.legendTaken')],
    ['bg-amber-100', t('rent.legendOff')],
    ['bg-brand-700', t('rent.legendSelected')],
  ] as const;
  return (
    <div className="mt-4">
      <h3 className="sr-only">{t('rent.legend')}</h3>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
        {items.map(([cls, label]) => (
          <li key={label} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block h-4 w-4 rounded ${cls}`} />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Tells the page the first visible month whenever it changes. */
function VisibleMonth({ onChange }: { onChange: (month: string) => void }) {
  const state = useContext(RangeCalendarStateContext);
  const month = state ? state.visibleRange.start.toString().slice(0, 7) : '';
  useEffect(() => {
    if (month) onChange(month);
  }, [month, onChange]);
  return null;
}

/**
 * The visible months ("listopad – grudzień 2026"), made of single months' names: react-aria's own
 * Heading formats the range with Intl's formatRange, whose spaces around the dash differ between
 * Node's ICU and the browser's, so the server's text never matched the hydrated one (React #418).
 */
function MonthsHeading({ locale }: { locale: 'pl' | 'en' }) {
  const state = useContext(RangeCalendarStateContext);
  if (!state) return null;
  const { start, end } = state.visibleRange;
  const month = (d: { month: number }) => monthName(d.month, locale);
  const text = start.year === end.year ? `${month(start)} – ${month(end)} ${end.year}` : `${month(start)} ${start.year} – ${month(end)} ${end.year}`;
  return (
    // Hidden from screen readers as react-aria's was: the calendar's own label names the months.
    <div aria-hidden="true" data-testid="calendar-months" className="text-center font-semibold capitalize text-slate-900">
      {text}
    </div>
  );
}

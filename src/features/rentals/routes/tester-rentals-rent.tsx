import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PERSONAL_PICKUP_LINE } from '~/core/company';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, formatVatRate, fromDecimal } from '~/core/money/money';
import { guardLocale, requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Button } from '~/core/ui/form/button';
import { FieldError } from '~/core/ui/form/field';
import { TextInput } from '~/core/ui/form/inputs';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { BookingCalendar, CalendarLegend } from '../components/booking-calendar';
import { PageHeader } from '~/core/ui/page-header';
import { dayLabel } from '../components/page-band';
import { todayInWarsaw } from '~/core/time/days';
import { rentalMessages, rentalUi } from '../messages';
import { rentalPageData, tenantDefaults } from '../rentals.server';
import { calendarBounds, checkRangeOnCalendar, type DayRange, MAX_RENTAL_DAYS } from '../rules';
import { bookingSchema } from '../validation';
import type { Route } from './+types/tester-rentals-rent';

export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const locale = guardLocale(args.params);
  const [data, tenant] = await Promise.all([rentalPageData(locale), tenantDefaults(user.id)]);
  return { ...data, tenant, today: todayInWarsaw() };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(rentalUi, layout.locale);
  return seoMeta({ ...layout, path: '/tester-rentals-rent', title: t('rent.title'), description: t('rent.lead'), robots: 'noindex' });
}

interface CalendarDayJson {
  date: string;
  start: boolean;
  end: boolean;
  free: boolean;
}

/** The quarter ('YYYY-MM' of its first month) a month 'YYYY-MM' lies in: the calendar is fetched by quarters. */
function quarterOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${y}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}`;
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The days of a quarter within the calendar's bounds, or null when none. */
function quarterPeriod(quarter: string, bounds: DayRange): { from: string; to: string } | null {
  const [y, m] = quarter.split('-').map(Number);
  const last = new Date(Date.UTC(y, m + 2, 0)).toISOString().slice(0, 10);
  // Days 'YYYY-MM-DD' compare as strings: the later start, the earlier end.
  const from = [`${quarter}-01`, bounds.from].sort()[1];
  const to = [last, bounds.to].sort()[0];
  return from <= to ? { from, to } : null;
}

interface QuoteJson {
  days: number;
  cost: string;
  vat: string;
  gross: string;
}

const ADDRESS_FIELDS = [
  ['name', 'rent.addrName', 'sm:col-span-2'],
  ['street', 'rent.addrStreet', ''],
  ['home', 'rent.addrHome', ''],
  ['flat', 'rent.addrFlat', ''],
  ['postcode', 'rent.addrPostcode', ''],
  ['town', 'rent.addrTown', ''],
  ['post', 'rent.addrPost', ''],
  ['phone_number', 'rent.addrPhone', ''],
  ['email', 'rent.addrEmail', ''],
] as const;

const TENANT_FIELDS = [
  ['tenant_name', 'rent.tenantName', 'sm:col-span-2', 'organization'],
  ['tenant_tax_id', 'rent.taxId', '', 'off'],
  ['tenant_person', 'rent.person', '', 'name'],
  ['tenant_street', 'rent.street', 'sm:col-span-2', 'address-line1'],
  ['tenant_postcode', 'rent.postcode', '', 'postal-code'],
  ['tenant_post', 'rent.post', '', 'address-level2'],
  ['tenant_phone', 'rent.phone', '', 'tel'],
] as const;

export default function RentPage({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useT(rentalUi);
  const m = useT(rentalMessages);
  const navigate = useNavigate();
  const { testers, courierFee, today } = loaderData;
  const fe = useFieldErrors({ prefix: 'rent' });
  const [testerId, setTesterId] = useState<number | null>(testers[0]?.id ?? null);
  const [range, setRange] = useState<DayRange | null>(null);
  // The calendar's answer (GET /api/testers/{id}/calendar), by day, for the chosen meter and delivery.
  const [days, setDays] = useState<Map<string, CalendarDayJson>>(new Map());
  const [requested, setRequested] = useState<{ key: string; chunks: Set<string> }>({ key: '', chunks: new Set() });
  const [loadingBlocked, setLoadingBlocked] = useState(false);
  const [visibleMonth, setVisibleMonth] = useState(today.slice(0, 7));
  const [holidays, setHolidays] = useState<Set<string>>(new Set());
  const [quote, setQuote] = useState<QuoteJson | null>(null);
  const [tenant, setTenant] = useState<Record<string, string>>(loaderData.tenant);
  const [pickup, setPickup] = useState(true);
  const delivery = pickup ? 'pickup' : 'courier';
  const [address, setAddress] = useState<Record<string, string>>({
    name: '',
    email: '',
    phone_number: '',
    town: '',
    street: '',
    home: '',
    flat: '',
    postcode: '',
    post: '',
  });
  const [terms, setTerms] = useState(false);
  const [sending, setSending] = useState(false);
  const tester = testers.find((x) => x.id === testerId) ?? null;

  // SPEC section 7: the holidays are loaded when the calendar mounts.
  useEffect(() => {
    let live = true;
    api<{ startDate: string }[]>('/api/open-holidays-api', { notifySuccess: false }).then((r) => {
      if (live && r.ok) setHolidays(new Set(r.data.map((h) => h.startDate)));
    });
    return () => {
      live = false;
    };
  }, []);

  // What the calendar offers, from the server's one availability rule (rules.ts checkRange), fetched
  // by quarters around the months shown; a day not loaded yet is not offered.
  const calendarKey = `${testerId}:${delivery}`;
  useEffect(() => {
    if (!testerId) return;
    const fresh = requested.key !== calendarKey;
    const chunks = fresh ? new Set<string>() : requested.chunks;
    const wanted = [quarterOf(visibleMonth), quarterOf(nextMonth(visibleMonth))].filter((q, i, a) => a.indexOf(q) === i && !chunks.has(q));
    if (fresh) setDays(new Map());
    if (!wanted.length) {
      if (fresh) setRequested({ key: calendarKey, chunks });
      return;
    }
    for (const q of wanted) chunks.add(q);
    setRequested({ key: calendarKey, chunks: new Set(chunks) });
    for (const q of wanted) {
      const period = quarterPeriod(q, calendarBounds(today));
      if (!period) continue;
      setLoadingBlocked(true);
      api<{ days: CalendarDayJson[] }>(`/api/testers/${testerId}/calendar`, { query: { ...period, delivery }, notifySuccess: false }).then((r) => {
        setLoadingBlocked(false);
        if (!r.ok) return;
        setDays((prev) => {
          const next = new Map(prev);
          for (const d of r.data.days) next.set(`${calendarKey}|${d.date}`, d);
          return next;
        });
      });
    }
  }, [testerId, delivery, calendarKey, visibleMonth, requested, today]);
  const offered = useMemo(() => {
    const out = new Map<string, CalendarDayJson>();
    const prefix = `${calendarKey}|`;
    for (const [k, v] of days) if (k.startsWith(prefix)) out.set(v.date, v);
    return out;
  }, [days, calendarKey]);
  const reloadCalendar = () => {
    setDays(new Map());
    setRequested({ key: '', chunks: new Set() });
  };

  // The range on the calendar's answer (the same as the server's rule, rules.test.ts proves it).
  const problem = useMemo(() => (range ? checkRangeOnCalendar(range, offered, holidays) : null), [range, offered, holidays]);
  const problemText = problem ? (problem.code === 'tooLong' ? m('range.tooLong', { max: MAX_RENTAL_DAYS }) : m(`range.${problem.code}`)) : undefined;

  // The price by the server's rule as soon as a valid range is chosen.
  useEffect(() => {
    setQuote(null);
    if (!testerId || !range || problem) return;
    let live = true;
    api<QuoteJson>(`/api/testers/${testerId}/quote`, { query: { from: range.from, to: range.to, delivery }, notifySuccess: false }).then((r) => {
      if (live && r.ok) setQuote(r.data);
    });
    return () => {
      live = false;
    };
  }, [testerId, range, problem, delivery]);

  const dateError = problemText ?? fe.message('datetime_from') ?? fe.message('datetime_to');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = {
      tester_id: testerId ? String(testerId) : '',
      datetime_from: range?.from ?? '',
      datetime_to: range?.to ?? '',
      is_personal_pickup: pickup,
      ...tenant,
      ...(pickup ? {} : { delivery_address: address }),
      accepted_terms: terms,
    };
    // The shared schema first (the server parses with the same one).
    const parsed = bookingSchema(locale).safeParse(body);
    const errors: Record<string, string[]> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
    if (!range) errors.datetime_from = [t('rent.noRange')];
    else if (problem) errors[problem.field] = [problemText ?? ''];
    if (Object.keys(errors).length) {
      fe.showFieldErrors(errors);
      return;
    }
    setSending(true);
    const res = await api<{ message: string; id: number }>('/api/tester-rentals', { method: 'POST', body });
    setSending(false);
    if (res.ok) {
      navigate(`/${locale}/my-account/tester-rentals/${res.data.id}`);
      return;
    }
    if (res.errors) {
      fe.showFieldErrors(res.errors);
      // A range taken meanwhile: reload what the calendar offers.
      if (res.errors.datetime_from || res.errors.datetime_to) reloadCalendar();
    }
  }

  const fee = formatMoney(courierFee, locale);
  const netTotal = quote ? fromDecimal(quote.cost) + (pickup ? 0 : courierFee) : 0;

  return (
    <>
      <PageHeader title={t('rent.title')} lead={t('rent.lead')} crumbs={[{ to: `/${locale}/tester-rentals`, label: t('crumb.rentals') }]}>
        <p className="mt-4">
          <Link to={`/${locale}/my-account/tester-rentals`} className="font-medium text-white underline hover:text-brand-100">
            {t('my.title')}
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-10">
        {testers.length === 0 ? (
          <p className="text-slate-700">{t('rent.none')}</p>
        ) : (
          <form noValidate onSubmit={submit} ref={fe.formRef} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="space-y-8">
              <fieldset className="rounded-lg border border-slate-200 p-5">
                <legend className="px-1 text-lg font-semibold text-slate-900">{t('rent.step1')}</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  {testers.map((x) => (
                    <label
                      key={x.id}
                      className="flex cursor-pointer gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                    >
                      <input
                        type="radio"
                        name="tester_id"
                        value={x.id}
                        checked={testerId === x.id}
                        onChange={() => {
                          setTesterId(x.id);
                          setRange(null);
                        }}
                        className="mt-1 h-4 w-4 accent-brand-700"
                      />
                      <span>
                        <span className="block font-semibold text-slate-900">{x.name}</span>
                        <span className="block text-sm text-slate-600">
                          {t('rent.testerPrice', {
                            price: formatMoney(x.pricePerDay, locale),
                            days: x.thresholdDays,
                            extra: formatMoney(x.extraDayPrice, locale),
                          })}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>

              <fieldset className="rounded-lg border border-slate-200 p-5">
                <legend className="px-1 text-lg font-semibold text-slate-900">{t('rent.step2')}</legend>
                <p id="calendar-help" className="mb-4 text-sm text-slate-600">
                  {t('rent.calendarHelp')}
                </p>
                <div aria-busy={loadingBlocked} id={fe.field('datetime_from').id} tabIndex={-1} aria-invalid={dateError ? true : undefined}>
                  <BookingCalendar
                    key={testerId ?? 0}
                    today={today}
                    days={offered}
                    holidays={holidays}
                    onMonthChange={setVisibleMonth}
                    value={range}
                    onChange={(r) => {
                      setRange(r);
                      fe.clear('datetime_from');
                      fe.clear('datetime_to');
                    }}
                    invalid={Boolean(dateError)}
                    describedBy="calendar-help range-status"
                  />
                </div>
                <CalendarLegend />
                <p id="range-status" className="mt-4 text-sm font-medium text-slate-800" aria-live="polite">
                  {range ? t('rent.chosen', { from: dayLabel(range.from), to: dayLabel(range.to) }) : t('rent.noRange')}
                </p>
                {dateError && (
                  <p className="mt-1 text-sm font-medium text-red-700" role="alert" data-testid="range-error">
                    {dateError}
                  </p>
                )}
              </fieldset>

              <fieldset className="rounded-lg border border-slate-200 p-5">
                <legend className="px-1 text-lg font-semibold text-slate-900">{t('rent.step3')}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  {TENANT_FIELDS.map(([name, label, span, auto]) => (
                    <TextInput
                      key={name}
                      f={fe}
                      path={name}
                      label={t(label)}
                      className={span}
                      autoComplete={auto}
                      value={tenant[name] ?? ''}
                      onChange={(v) => setTenant((x) => ({ ...x, [name]: v }))}
                    />
                  ))}
                </div>
              </fieldset>

              <fieldset className="rounded-lg border border-slate-200 p-5">
                <legend className="px-1 text-lg font-semibold text-slate-900">{t('rent.step4')}</legend>
                <div className="space-y-2">
                  <label className="flex items-start gap-2">
                    <input type="radio" name="is_personal_pickup" checked={pickup} onChange={() => setPickup(true)} className="mt-1 h-4 w-4 accent-brand-700" />
                    <span>{t('rent.pickup', { address: PERSONAL_PICKUP_LINE })}</span>
                  </label>
                  <label className="flex items-start gap-2">
                    <input
                      type="radio"
                      name="is_personal_pickup"
                      checked={!pickup}
                      onChange={() => setPickup(false)}
                      className="mt-1 h-4 w-4 accent-brand-700"
                    />
                    <span>{t('rent.courier', { fee })}</span>
                  </label>
                </div>
                {!pickup && (
                  <div className="mt-4 grid gap-4 sm:grid-cols-2">
                    <h3 className="font-semibold text-slate-900 sm:col-span-2">{t('rent.address')}</h3>
                    {ADDRESS_FIELDS.map(([name, label, span]) => {
                      const path = `delivery_address.${name}`;
                      return (
                        <TextInput
                          key={name}
                          f={fe}
                          path={path}
                          label={t(label)}
                          className={span}
                          value={address[name]}
                          onChange={(v) => setAddress((x) => ({ ...x, [name]: v }))}
                        />
                      );
                    })}
                  </div>
                )}
              </fieldset>

              <div>
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    {...fe.field('accepted_terms')}
                    checked={terms}
                    onChange={(e) => setTerms(e.target.checked)}
                    className="mt-1 h-4 w-4 accent-brand-700"
                  />
                  <span>
                    {t('rent.terms')}{' '}
                    <a href={`/${locale}/tester-rentals#terms`} target="_blank" rel="noopener" className="text-brand-700 underline">
                      {t('rent.termsLink')}
                      <span className="sr-only"> {t('newTab')}</span>
                    </a>
                  </span>
                </label>
                <FieldError {...fe.error('accepted_terms')} />
              </div>
            </div>

            <aside className="lg:sticky lg:top-24 lg:self-start">
              <section aria-labelledby="price-title" className="rounded-lg border border-slate-200 bg-slate-50 p-5" data-testid="price-box">
                <h2 id="price-title" className="text-lg font-semibold text-slate-900">
                  {t('rent.price')}
                </h2>
                {tester && <p className="mt-1 text-sm text-slate-700">{tester.name}</p>}
                {quote ? (
                  <dl className="mt-3 space-y-1 text-sm" aria-live="polite">
                    <div className="flex justify-between gap-4">
                      <dt>{t('rent.days')}</dt>
                      <dd data-testid="quote-days">{quote.days}</dd>
                    </div>
                    <div className="flex justify-between gap-4">
                      <dt>{t('rent.net')}</dt>
                      <dd data-testid="quote-net">{formatMoney(fromDecimal(quote.cost), locale)}</dd>
                    </div>
                    <div className="flex justify-between gap-4">
                      <dt>{t('rent.vat', { rate: formatVatRate() })}</dt>
                      <dd>{formatMoney(fromDecimal(quote.vat), locale)}</dd>
                    </div>
                    <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 text-base font-semibold">
                      <dt>{t('rent.gross')}</dt>
                      <dd data-testid="quote-gross">{formatMoney(fromDecimal(quote.gross), locale)}</dd>
                    </div>
                    {!pickup && (
                      <div className="flex justify-between gap-4 pt-2 text-slate-700">
                        <dt>{t('rent.courierFee')}</dt>
                        <dd>{formatMoney(courierFee, locale)}</dd>
                      </div>
                    )}
                    {!pickup && (
                      <div className="flex justify-between gap-4 font-semibold">
                        <dt>
                          {t('rent.net')} + {t('rent.courierFee').toLowerCase()}
                        </dt>
                        <dd>{formatMoney(netTotal, locale)}</dd>
                      </div>
                    )}
                    {tester && (
                      <div className="flex justify-between gap-4 pt-2 text-slate-700">
                        <dt>{t('rent.deposit')}</dt>
                        <dd>{formatMoney(tester.deposit, locale)}</dd>
                      </div>
                    )}
                  </dl>
                ) : (
                  <p className="mt-3 text-sm text-slate-600">{t('rent.noRange')}</p>
                )}
                <Button type="submit" size="lg" disabled={sending} className="mt-5 w-full">
                  {sending ? t('rent.sending') : t('rent.submit')}
                </Button>
              </section>
            </aside>
          </form>
        )}
      </div>
    </>
  );
}

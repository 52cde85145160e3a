// The services of the tester rentals: the price list, availability and quotes, a booking (the
// database refuses an overlap: exclusion constraint tester_rentals_no_overlap), the tenant's
// rentals, the contract, the signed contract, and the administrator's testers and rentals.
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { updateWithVersion } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { enqueueWebhook } from '~/core/webhooks/webhooks.server';
import { checkFileType } from '~/core/files/file-type.server';
import { files } from '~/core/files/files.schema';
import { saveFile } from '~/core/files/storage.server';
import { polishHolidays } from '~/core/holidays/holidays.server';
import { HttpError, validationError } from '~/core/http/errors';
import { pageWithin } from '~/core/http/pagination';
import { formatDate } from '~/core/time/format';
import { type Locale, translator } from '~/core/i18n/locale';
import { toDecimal, totalsOfNet } from '~/core/money/money';
import { listStatusHistory, moveStatus, recordStart } from '~/core/workflow/status-history.server';
import { users } from '~/features/accounts/accounts.schema';
import { rentalMessages } from './messages';
import { rentalWorkflow } from './rental-workflow.server';
import { rentalSettings, type TesterRentalRow, type TesterRow, testerRentals, testers } from './rentals.schema';
import {
  type AvailabilityContext,
  type CalendarDay,
  calendarBounds,
  calendarDays,
  checkRange,
  type DayRange,
  type Delivery,
  holidayYears,
  MAX_RENTAL_DAYS,
  MIN_RENTAL_DAYS,
  type MeterRules,
  occupiedWindow,
  type Quote,
  quote,
} from './rules';
import { addDays, isIsoDay, todayInWarsaw } from '~/core/time/days';
import { type Carrier, isCarrier, isRentalStatus, type RentalStatus, SIGNED_CONTRACT_STATUSES, trackingUrl } from './statuses';
import type { BookingInput, TesterInput } from './validation';

export const RENTALS_PER_PAGE = 10;
export const ADMIN_RENTALS_PER_PAGE = 25;
/** The signed contract: PDF or an image, at most 10 MB. */
export const SIGNED_CONTRACT_MAX_BYTES = 10 * 1024 * 1024;
const SIGNED_KINDS = ['pdf', 'jpeg', 'png'] as const;

const tr = (locale: Locale) => translator(rentalMessages, locale);

// ---------------------------------------------------------------------------------------------
// Settings

export async function getCourierFee(db: Db = getDb()): Promise<number> {
  const [row] = await db.select({ fee: rentalSettings.courierFee }).from(rentalSettings).where(eq(rentalSettings.id, 1));
  return row?.fee ?? 0;
}

export async function setCourierFee(fee: number, actor: Actor | null, db: Db = getDb()) {
  await db.transaction(async (tx) => {
    const before = await getCourierFee(tx as unknown as Db);
    await tx
      .insert(rentalSettings)
      .values({ id: 1, courierFee: fee })
      .onConflictDoUpdate({ target: rentalSettings.id, set: { courierFee: fee, updatedAt: new Date() } });
    await recordChange(tx as unknown as Db, {
      userId: actor?.userId ?? null,
      userEmail: actor?.userEmail ?? null,
      entity: 'rental_settings',
      entityId: 1,
      action: 'update',
      before: { courierFee: before },
      after: { courierFee: fee },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Testers (public)

export interface PublicTester {
  id: number;
  name: string;
  model: string;
  description: string;
  accessories: string[];
  imageIds: string[];
  pricePerDay: number;
  thresholdDays: number;
  extraDayPrice: number;
  deposit: number;
}

function publicTester(t: TesterRow, locale: Locale): PublicTester {
  const accessories = (locale === 'en' ? t.accessoriesEn : t.accessoriesPl) || t.accessoriesPl;
  return {
    id: t.id,
    name: t.name,
    model: t.model,
    description: (locale === 'en' ? t.descriptionEn : t.descriptionPl) || t.descriptionPl,
    accessories: accessories
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    imageIds: t.imageIds,
    pricePerDay: t.pricePerDay,
    thresholdDays: t.thresholdDays,
    extraDayPrice: t.extraDayPrice,
    deposit: t.deposit,
  };
}

export async function listActiveTesters(locale: Locale, db: Db = getDb()): Promise<PublicTester[]> {
  const rows = await db.select().from(testers).where(eq(testers.isActive, true)).orderBy(asc(testers.pricePerDay), asc(testers.id));
  return rows.map((t) => publicTester(t, locale));
}

/** `GET /api/testers`: net PLN as decimal strings. */
export function testerJson(t: PublicTester) {
  return {
    id: t.id,
    name: t.name,
    model: t.model,
    price_per_day: toDecimal(t.pricePerDay),
    threshold_days: t.thresholdDays,
    extra_day_price: toDecimal(t.extraDayPrice),
    deposit: toDecimal(t.deposit),
  };
}

export async function findActiveTester(id: number, db: Db = getDb()): Promise<TesterRow | undefined> {
  const [row] = await db
    .select()
    .from(testers)
    .where(and(eq(testers.id, id), eq(testers.isActive, true)));
  return row;
}

/** The ranges of the tester's rentals (not cancelled) that touch [from, to]. */
export async function blockedRanges(testerId: number, from: string, to: string, db: Db = getDb()): Promise<DayRange[]> {
  const rows = await db
    .select({ from: testerRentals.dateFrom, to: testerRentals.dateTo })
    .from(testerRentals)
    .where(and(eq(testerRentals.testerId, testerId), ne(testerRentals.status, 'cancelled'), lte(testerRentals.dateFrom, to), gte(testerRentals.dateTo, from)))
    .orderBy(asc(testerRentals.dateFrom));
  return rows;
}

/** The public holidays the availability of ranges within [from, to] needs (turnaround margin included), as a set of days. */
export function holidaySet(from: string, to: string): Set<string> {
  return new Set(holidayYears(from, to).flatMap((y) => polishHolidays(y).map((h) => h.startDate)));
}

/** What of the meter the availability depends on. */
export function meterRules(t: TesterRow): MeterRules {
  return {
    turnaroundBeforeDays: t.turnaroundBeforeDays,
    turnaroundAfterDays: t.turnaroundAfterDays,
    calibrationValidUntil: t.calibrationValidUntil,
    inRepair: t.inRepair,
  };
}

/** The occupied windows (turnaround included) of the tester's rentals, not cancelled, that touch [from, to]. */
export async function occupiedWindows(testerId: number, from: string, to: string, db: Db = getDb()): Promise<DayRange[]> {
  return db
    .select({ from: testerRentals.blockedFrom, to: testerRentals.blockedTo })
    .from(testerRentals)
    .where(
      and(eq(testerRentals.testerId, testerId), ne(testerRentals.status, 'cancelled'), lte(testerRentals.blockedFrom, to), gte(testerRentals.blockedTo, from)),
    )
    .orderBy(asc(testerRentals.blockedFrom));
}

/**
 * Everything rules.ts checkRange needs to decide ranges of a tester within [from, to], read once:
 * the same context for the calendar, the quote and the booking. The windows are read with a margin
 * wider than any turnaround, so a range's own window never reaches past what was read.
 */
export async function availabilityContext(tester: TesterRow, delivery: Delivery, from: string, to: string, db: Db = getDb()): Promise<AvailabilityContext> {
  return {
    today: todayInWarsaw(),
    holidays: holidaySet(from, to),
    blocked: await occupiedWindows(tester.id, addDays(from, -31), addDays(to, 31), db),
    meter: meterRules(tester),
    delivery,
  };
}

/** `GET /api/testers/{id}/calendar`: the days of [from, to] by rules.ts calendarDays. */
export async function testerCalendar(tester: TesterRow, period: DayRange, delivery: Delivery, db: Db = getDb()) {
  const ctx = await availabilityContext(tester, delivery, period.from, period.to, db);
  const days: CalendarDay[] = calendarDays(period.from, period.to, ctx);
  return { min_days: MIN_RENTAL_DAYS, max_days: MAX_RENTAL_DAYS, days };
}

/** A period query (`from`, `to`) checked: real days in order, at most the calendar's span. */
export function parsePeriod(q: { from?: unknown; to?: unknown }, locale: Locale): DayRange {
  const t = tr(locale);
  const errors: Record<string, string[]> = {};
  if (!isIsoDay(q.from)) errors.from = [t('range.invalid')];
  if (!isIsoDay(q.to)) errors.to = [t('range.invalid')];
  if (Object.keys(errors).length) throw validationError(errors);
  const from = q.from as string;
  const to = q.to as string;
  if (to < from) throw validationError({ to: [t('range.beforeStart')] });
  if (Number(to.slice(0, 4)) - Number(from.slice(0, 4)) > 4)
    throw validationError({ to: [t('range.afterMax', { max: formatDate(`${calendarBounds(todayInWarsaw()).to}T12:00:00Z`) })] });
  return { from, to };
}

/** The price of a range the availability accepts (the same rule as the booking; 422 otherwise). */
export async function quoteOf(tester: TesterRow, range: DayRange, delivery: Delivery, locale: Locale, db: Db = getDb()): Promise<Quote> {
  const ctx = await availabilityContext(tester, delivery, range.from, range.to, db);
  const problem = checkRange(range, ctx);
  if (problem) throw rangeError(locale, problem, ctx, { datetime_from: 'from', datetime_to: 'to' });
  return quote(tester, range);
}

export function quoteJson(q: Quote) {
  return { days: q.days, cost: toDecimal(q.cost), vat: toDecimal(q.vat), gross: toDecimal(q.gross) };
}

// ---------------------------------------------------------------------------------------------
// Booking

/** SQLSTATE 23P01 (exclusion_violation) from either driver, wrapped by Drizzle or not. */
function isExclusionViolation(e: unknown): boolean {
  for (let cur = e as { code?: unknown; cause?: unknown } | undefined, i = 0; cur && i < 5; cur = cur.cause as typeof cur, i++) {
    if (cur.code === '23P01') return true;
  }
  return false;
}

function rangeError(
  locale: Locale,
  problem: NonNullable<ReturnType<typeof checkRange>>,
  ctx: Pick<AvailabilityContext, 'today' | 'meter'>,
  fields: Record<string, string> = {},
): HttpError {
  const t = tr(locale);
  const until = ctx.meter.calibrationValidUntil;
  const message =
    problem.code === 'afterMax'
      ? t('range.afterMax', { max: formatDate(`${calendarBounds(ctx.today).to}T12:00:00Z`) })
      : problem.code === 'tooLong'
        ? t('range.tooLong', { max: MAX_RENTAL_DAYS })
        : problem.code === 'calibration'
          ? until
            ? t('range.calibration', { date: formatDate(`${until}T12:00:00Z`) })
            : t('range.calibrationNone')
          : t(`range.${problem.code}`);
  return validationError({ [fields[problem.field] ?? problem.field]: [message] });
}

export interface Booker {
  id: number;
  email: string;
}

/**
 * Books a tester: checks the calendar rules (rules.ts, the same the page applies) against the
 * rentals in the database, computes the price and inserts the rental with its first status and mail
 * in one transaction. Two overlapping bookings at the same moment both pass the check, but the
 * exclusion constraint lets only one insert through; the other gets the same 422 as a taken range.
 */
export async function createRental(user: Booker, input: BookingInput, locale: Locale, db: Db = getDb()): Promise<number> {
  const t = tr(locale);
  const tester = await findActiveTester(input.tester_id, db);
  if (!tester) throw validationError({ tester_id: [t('v.tester')] });
  const range = { from: input.datetime_from, to: input.datetime_to };
  const delivery: Delivery = input.is_personal_pickup ? 'pickup' : 'courier';
  // The shared schema has checked both days are real; the order too is checkRange's first rule.
  const ctx = await availabilityContext(tester, delivery, range.from, [range.from, range.to].sort()[1], db);
  const problem = checkRange(range, ctx);
  if (problem) throw rangeError(locale, problem, ctx);
  const window = occupiedWindow(range, ctx.meter, delivery, ctx.holidays);

  const q = quote(tester, range);
  const courierFee = input.is_personal_pickup ? 0 : await getCourierFee(db);
  const address = input.delivery_address
    ? {
        ...input.delivery_address,
        full_street: [input.delivery_address.street, [input.delivery_address.home, input.delivery_address.flat].filter(Boolean).join('/')]
          .filter(Boolean)
          .join(' '),
      }
    : null;
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .insert(testerRentals)
        .values({
          testerId: tester.id,
          userId: user.id,
          dateFrom: range.from,
          dateTo: range.to,
          blockedFrom: window.from,
          blockedTo: window.to,
          days: q.days,
          pricePerDay: tester.pricePerDay,
          thresholdDays: tester.thresholdDays,
          extraDayPrice: tester.extraDayPrice,
          deposit: tester.deposit,
          price: q.cost,
          courierFee,
          cost: q.cost + courierFee,
          isPersonalPickup: input.is_personal_pickup,
          tenantName: input.tenant_name,
          tenantTaxId: input.tenant_tax_id,
          tenantStreet: input.tenant_street,
          tenantPostcode: input.tenant_postcode,
          tenantPost: input.tenant_post,
          tenantPhone: input.tenant_phone,
          tenantPerson: input.tenant_person,
          tenantEmail: user.email,
          deliveryAddress: address,
          locale,
          termsAcceptedAt: new Date(),
        })
        .returning({ id: testerRentals.id, createdAt: testerRentals.createdAt });
      await recordStart(tx, rentalWorkflow, { entityId: row.id, actor: { id: user.id, isAdmin: false, isOwner: true }, locale });
      await enqueueWebhook(tx, 'rental.booked', {
        id: row.id,
        status: rentalWorkflow.initial,
        created_at: row.createdAt.toISOString(),
        locale,
        user_id: user.id,
        tester: { id: tester.id, name: tester.name, model: tester.model, serial_number: tester.serialNumber },
        date_from: range.from,
        date_to: range.to,
        days: q.days,
        price: toDecimal(q.cost),
        courier_fee: toDecimal(courierFee),
        cost: toDecimal(q.cost + courierFee),
        deposit: toDecimal(tester.deposit),
        is_personal_pickup: input.is_personal_pickup,
        tenant: {
          name: input.tenant_name,
          tax_id: input.tenant_tax_id,
          street: input.tenant_street,
          postcode: input.tenant_postcode,
          post: input.tenant_post,
          phone: input.tenant_phone,
          person: input.tenant_person,
          email: user.email,
        },
        delivery_address: address,
      });
      return row.id;
    });
  } catch (e) {
    if (isExclusionViolation(e)) throw validationError({ datetime_from: [t('range.taken')] });
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// The tenant's rentals

export interface RentalView {
  id: number;
  status: RentalStatus;
  testerId: number;
  testerName: string;
  testerModel: string;
  serialNumber: string;
  /** The meter's calibration valid-until date (the contract and the mails state it). */
  calibrationValidUntil: string | null;
  from: string;
  to: string;
  days: number;
  price: number;
  courierFee: number;
  cost: number;
  deposit: number;
  costCorrectionReason: string | null;
  isPersonalPickup: boolean;
  tenant: { name: string; taxId: string; street: string; postcode: string; post: string; phone: string; person: string; email: string };
  deliveryAddress: TesterRentalRow['deliveryAddress'];
  carrier: Carrier;
  waybillNumber: string;
  returnWaybillNumber: string;
  hasSignedContract: boolean;
  signedContractFileId: string | null;
  userId: number | null;
  locale: Locale;
  version: number;
  createdAt: string;
}

function view(r: TesterRentalRow, t: Pick<TesterRow, 'name' | 'model' | 'serialNumber' | 'calibrationValidUntil'>): RentalView {
  return {
    id: r.id,
    status: isRentalStatus(r.status) ? r.status : 'new',
    testerId: r.testerId,
    testerName: t.name,
    testerModel: t.model,
    serialNumber: t.serialNumber,
    calibrationValidUntil: t.calibrationValidUntil,
    from: r.dateFrom,
    to: r.dateTo,
    days: r.days,
    price: r.price,
    courierFee: r.courierFee,
    cost: r.cost,
    deposit: r.deposit,
    costCorrectionReason: r.costCorrectionReason,
    isPersonalPickup: r.isPersonalPickup,
    tenant: {
      name: r.tenantName,
      taxId: r.tenantTaxId,
      street: r.tenantStreet,
      postcode: r.tenantPostcode,
      post: r.tenantPost,
      phone: r.tenantPhone,
      person: r.tenantPerson,
      email: r.tenantEmail,
    },
    deliveryAddress: r.deliveryAddress,
    carrier: isCarrier(r.carrier) ? r.carrier : 'other',
    waybillNumber: r.waybillNumber,
    returnWaybillNumber: r.returnWaybillNumber,
    hasSignedContract: r.signedContractFileId !== null,
    signedContractFileId: r.signedContractFileId,
    userId: r.userId,
    locale: r.locale === 'en' ? 'en' : 'pl',
    version: r.version,
    createdAt: r.createdAt.toISOString(),
  };
}

const testerCols = { name: testers.name, model: testers.model, serialNumber: testers.serialNumber, calibrationValidUntil: testers.calibrationValidUntil };

export async function listUserRentals(userId: number, page: number, db: Db = getDb()) {
  const where = eq(testerRentals.userId, userId);
  const [{ n }] = await db.select({ n: count() }).from(testerRentals).where(where);
  const shown = pageWithin(page, n, RENTALS_PER_PAGE);
  const rows = await db
    .select({ r: testerRentals, t: testerCols })
    .from(testerRentals)
    .innerJoin(testers, eq(testers.id, testerRentals.testerId))
    .where(where)
    .orderBy(desc(testerRentals.createdAt), desc(testerRentals.id))
    .limit(RENTALS_PER_PAGE)
    .offset(shown.offset);
  return { items: rows.map((x) => view(x.r, x.t)), pages: shown.pages, page: shown.page };
}

export async function getRental(id: number, db: Db = getDb()): Promise<RentalView | null> {
  const [row] = await db
    .select({ r: testerRentals, t: testerCols })
    .from(testerRentals)
    .innerJoin(testers, eq(testers.id, testerRentals.testerId))
    .where(eq(testerRentals.id, id));
  return row ? view(row.r, row.t) : null;
}

/** The tenant's own rental, or null (another user's rental is "not found", never "forbidden"). */
export async function getUserRental(userId: number, id: number, db: Db = getDb()): Promise<RentalView | null> {
  const r = await getRental(id, db);
  return r && r.userId === userId ? r : null;
}

export async function rentalHistory(id: number, locale: Locale, db: Db = getDb()) {
  const rows = await listStatusHistory(db, rentalWorkflow, id);
  return rows.map((h) => ({
    from: h.fromStatus,
    to: h.toStatus,
    label: isRentalStatus(h.toStatus) ? rentalWorkflow.label(h.toStatus, locale) : h.toStatus,
    comment: h.comment,
    at: h.createdAt.toISOString(),
  }));
}

/** JSON of a rental for the API (money as decimal strings). */
export function rentalJson(r: RentalView, locale: Locale) {
  const gross = totalsOfNet(r.cost);
  return {
    id: r.id,
    status: r.status,
    status_label: rentalWorkflow.label(r.status, locale),
    tester_id: r.testerId,
    tester_name: r.testerName,
    serial_number: r.serialNumber,
    calibration_valid_until: r.calibrationValidUntil,
    datetime_from: r.from,
    datetime_to: r.to,
    days: r.days,
    price: toDecimal(r.price),
    courier_fee: toDecimal(r.courierFee),
    cost: toDecimal(r.cost),
    vat: toDecimal(gross.vat),
    gross: toDecimal(gross.gross),
    deposit: toDecimal(r.deposit),
    cost_correction_reason: r.costCorrectionReason,
    is_personal_pickup: r.isPersonalPickup,
    tenant_name: r.tenant.name,
    tenant_tax_id: r.tenant.taxId,
    tenant_street: r.tenant.street,
    tenant_postcode: r.tenant.postcode,
    tenant_post: r.tenant.post,
    tenant_phone: r.tenant.phone,
    tenant_person: r.tenant.person,
    delivery_address: r.deliveryAddress,
    carrier: r.carrier,
    waybill_number: r.waybillNumber,
    return_waybill_number: r.returnWaybillNumber,
    tracking_url: trackingUrl(r.carrier, r.waybillNumber),
    return_tracking_url: trackingUrl(r.carrier, r.returnWaybillNumber),
    has_signed_contract: r.hasSignedContract,
    created_at: r.createdAt,
  };
}

/** Stores the signed contract of the tenant's confirmed rental and moves it to contract_signed. */
export async function saveSignedContract(
  user: { id: number },
  id: number,
  file: { filename: string; data: Buffer } | undefined,
  locale: Locale,
  db: Db = getDb(),
): Promise<void> {
  const t = tr(locale);
  const rental = await getUserRental(user.id, id, db);
  if (!rental) throw new HttpError(404, t('msg.notFound'));
  if (!file || file.data.length === 0) throw validationError({ file: [t('msg.fileRequired')] });
  if (!SIGNED_CONTRACT_STATUSES.includes(rental.status)) throw validationError({ file: [t('msg.uploadState')] });
  const type = file.data.length <= SIGNED_CONTRACT_MAX_BYTES ? checkFileType(file.data, file.filename, SIGNED_KINDS) : null;
  if (!type) throw validationError({ file: [t('msg.fileType')] });
  const stored = await saveFile({ data: file.data, filename: `umowa-${id}-podpisana.${type.exts[0]}`, contentType: type.contentType, owner: 'rentals' });
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.update(testerRentals).set({ signedContractFileId: stored.id, updatedAt: new Date() }).where(eq(testerRentals.id, id));
    if (rental.status === 'confirmed') {
      await moveStatus(tx, rentalWorkflow, {
        entityId: id,
        from: 'confirmed',
        to: 'contract_signed',
        actor: { id: user.id, isAdmin: false, isOwner: true },
        locale,
        update: async (db2) =>
          (
            await db2
              .update(testerRentals)
              .set({ status: 'contract_signed', version: sql`${testerRentals.version} + 1` })
              .where(and(eq(testerRentals.id, id), eq(testerRentals.status, 'confirmed')))
              .returning({ id: testerRentals.id })
          ).length,
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Administrator: rentals

export interface AdminRentalFilters {
  testerId?: number;
  status?: string;
  /** Rentals that include this day. */
  date?: string;
  page: number;
}

export async function listAdminRentals(f: AdminRentalFilters, locale: Locale, db: Db = getDb()) {
  const conds: SQL[] = [];
  if (f.testerId) conds.push(eq(testerRentals.testerId, f.testerId));
  if (f.status && isRentalStatus(f.status)) conds.push(eq(testerRentals.status, f.status));
  if (f.date && isIsoDay(f.date)) conds.push(and(lte(testerRentals.dateFrom, f.date), gte(testerRentals.dateTo, f.date)) as SQL);
  const where = conds.length ? and(...conds) : undefined;
  const [{ n }] = await db.select({ n: count() }).from(testerRentals).where(where);
  const shown = pageWithin(f.page, n, ADMIN_RENTALS_PER_PAGE);
  const rows = await db
    .select({ r: testerRentals, t: testerCols })
    .from(testerRentals)
    .innerJoin(testers, eq(testers.id, testerRentals.testerId))
    .where(where)
    .orderBy(desc(testerRentals.dateFrom), desc(testerRentals.id))
    .limit(ADMIN_RENTALS_PER_PAGE)
    .offset(shown.offset);
  return { items: rows.map((x) => rentalJson(view(x.r, x.t), locale)), pages: shown.pages, page: shown.page };
}

/** The month view: each tester with its rentals (not cancelled) that touch the month 'YYYY-MM'. */
export async function occupancy(month: string, db: Db = getDb()) {
  const from = `${month}-01`;
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const to = `${month}-${String(last).padStart(2, '0')}`;
  const all = await db.select({ id: testers.id, name: testers.name }).from(testers).orderBy(asc(testers.id));
  const rows = await db
    .select({ id: testerRentals.id, testerId: testerRentals.testerId, from: testerRentals.dateFrom, to: testerRentals.dateTo, status: testerRentals.status })
    .from(testerRentals)
    .where(and(ne(testerRentals.status, 'cancelled'), lte(testerRentals.dateFrom, to), gte(testerRentals.dateTo, from)))
    .orderBy(asc(testerRentals.dateFrom));
  return {
    month,
    from,
    to,
    testers: all.map((t) => ({ id: t.id, name: t.name, rentals: rows.filter((r) => r.testerId === t.id) })),
  };
}

export interface AdminRentalUpdate {
  status: string;
  carrier?: Carrier;
  waybill_number?: string;
  return_waybill_number?: string;
  comment?: string;
  cost?: number;
  cost_correction_reason?: string;
}

/**
 * The administrator's change: waybill numbers and a cost correction (with its reason) saved with
 * the change log; a new status through the workflow (its rule, history row and mail). One transaction.
 */
export async function updateAdminRental(id: number, input: AdminRentalUpdate, actor: Actor, locale: Locale, db: Db = getDb()): Promise<void> {
  const t = tr(locale);
  const current = await getRental(id, db);
  if (!current) throw new HttpError(404, t('msg.notFound'));
  if (!isRentalStatus(input.status)) throw validationError({ status: [t('v.required')] });
  const values: Partial<typeof testerRentals.$inferInsert> = {};
  if (input.carrier !== undefined && input.carrier !== current.carrier) values.carrier = input.carrier;
  if (input.waybill_number !== undefined && input.waybill_number !== current.waybillNumber) values.waybillNumber = input.waybill_number;
  if (input.return_waybill_number !== undefined && input.return_waybill_number !== current.returnWaybillNumber) {
    values.returnWaybillNumber = input.return_waybill_number;
  }
  if (input.cost !== undefined && input.cost !== current.cost) {
    if (!input.cost_correction_reason?.trim()) throw validationError({ cost_correction_reason: [t('v.required')] });
    values.cost = input.cost;
    values.costCorrectionReason = input.cost_correction_reason.trim();
  }
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (Object.keys(values).length) {
      await updateWithVersion(tx, testerRentals, id, current.version, values, {
        locale,
        audit: { userId: actor.userId, userEmail: actor.userEmail, entity: 'tester_rental' },
      });
    }
    if (input.status !== current.status) {
      const to = input.status as RentalStatus;
      await moveStatus(tx, rentalWorkflow, {
        entityId: id,
        from: current.status,
        to,
        actor: { id: actor.userId, isAdmin: true, isOwner: false },
        comment: input.comment,
        locale,
        update: async (db2) =>
          (
            await db2
              .update(testerRentals)
              .set({ status: to, updatedAt: new Date(), version: sql`${testerRentals.version} + 1` })
              .where(and(eq(testerRentals.id, id), eq(testerRentals.status, current.status)))
              .returning({ id: testerRentals.id })
          ).length,
      });
    }
  });
}

/** The tenant cancels a rental that has not been confirmed yet. */
export async function cancelUserRental(user: { id: number }, id: number, locale: Locale, db: Db = getDb()) {
  const rental = await getUserRental(user.id, id, db);
  if (!rental) throw new HttpError(404, tr(locale)('msg.notFound'));
  await moveStatus(db, rentalWorkflow, {
    entityId: id,
    from: rental.status,
    to: 'cancelled',
    actor: { id: user.id, isAdmin: false, isOwner: true },
    locale,
    update: async (tx) =>
      (
        await tx
          .update(testerRentals)
          .set({ status: 'cancelled', updatedAt: new Date(), version: sql`${testerRentals.version} + 1` })
          .where(and(eq(testerRentals.id, id), eq(testerRentals.status, rental.status)))
          .returning({ id: testerRentals.id })
      ).length,
  });
}

// ---------------------------------------------------------------------------------------------
// Administrator: testers

export async function listAllTesters(db: Db = getDb()) {
  const rows = await db.select().from(testers).orderBy(asc(testers.id));
  return rows;
}

export function adminTesterJson(t: TesterRow) {
  return {
    id: t.id,
    name: t.name,
    model: t.model,
    serial_number: t.serialNumber,
    description_pl: t.descriptionPl,
    description_en: t.descriptionEn,
    accessories_pl: t.accessoriesPl,
    accessories_en: t.accessoriesEn,
    image_ids: t.imageIds,
    price_per_day: toDecimal(t.pricePerDay),
    threshold_days: t.thresholdDays,
    extra_day_price: toDecimal(t.extraDayPrice),
    deposit: toDecimal(t.deposit),
    is_active: t.isActive,
    calibration_valid_until: t.calibrationValidUntil,
    turnaround_before_days: t.turnaroundBeforeDays,
    turnaround_after_days: t.turnaroundAfterDays,
    in_repair: t.inRepair,
    version: t.version,
  };
}

export async function getTester(id: number, db: Db = getDb()): Promise<TesterRow | undefined> {
  const [row] = await db.select().from(testers).where(eq(testers.id, id));
  return row;
}

function testerValues(input: TesterInput) {
  return {
    name: input.name,
    model: input.model,
    serialNumber: input.serial_number,
    descriptionPl: input.description_pl,
    descriptionEn: input.description_en,
    accessoriesPl: input.accessories_pl,
    accessoriesEn: input.accessories_en,
    imageIds: input.image_ids,
    pricePerDay: input.price_per_day,
    thresholdDays: input.threshold_days,
    extraDayPrice: input.extra_day_price,
    deposit: input.deposit,
    isActive: input.is_active,
    calibrationValidUntil: input.calibration_valid_until,
    turnaroundBeforeDays: input.turnaround_before_days,
    turnaroundAfterDays: input.turnaround_after_days,
  };
}

export async function createTester(input: TesterInput, actor: Actor, db: Db = getDb()): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.insert(testers).values(testerValues(input)).returning();
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: 'tester', entityId: row.id, action: 'create', after: row });
    return row.id;
  });
}

export async function updateTester(id: number, version: number, input: TesterInput, actor: Actor, locale: Locale, db: Db = getDb()) {
  await db.transaction(async (txRaw) => {
    await updateWithVersion(txRaw as unknown as Db, testers, id, version, testerValues(input), {
      locale,
      audit: { userId: actor.userId, userEmail: actor.userEmail, entity: 'tester' },
    });
  });
}

/** Deletes a tester without rentals; one with rentals is refused (409: mark it inactive). */
export async function deleteTester(id: number, actor: Actor, locale: Locale, db: Db = getDb()): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(testerRentals).where(eq(testerRentals.testerId, id));
  if (n > 0) throw new HttpError(409, tr(locale)('msg.testerInUse'));
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.delete(testers).where(eq(testers.id, id)).returning();
    if (!row) return false;
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: 'tester', entityId: id, action: 'delete', before: row });
    return true;
  });
}

/** Images of active testers are public (the rental pages show them). */
export async function isPublicTesterImage(fileId: string, db: Db = getDb()): Promise<boolean> {
  const rows = await db
    .select({ id: testers.id })
    .from(testers)
    .where(and(eq(testers.isActive, true), sql`${testers.imageIds} @> ${JSON.stringify([fileId])}::jsonb`))
    .limit(1);
  return rows.length > 0;
}

/** Sizes of stored images by id (for responsive images of the testers). */
export async function imageSizes(ids: string[], db: Db = getDb()): Promise<Record<string, { width: number | null; height: number | null }>> {
  if (ids.length === 0) return {};
  const rows = await db.select({ id: files.id, width: files.width, height: files.height }).from(files).where(inArray(files.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, { width: r.width, height: r.height }]));
}

/** What the public rental pages show: active testers with their images (the first one apart), and the courier fee. */
export async function rentalPageData(locale: Locale, db: Db = getDb()) {
  const list = await listActiveTesters(locale, db);
  const sizes = await imageSizes(
    list.flatMap((t) => t.imageIds),
    db,
  );
  return {
    testers: list.map((t) => {
      const images = t.imageIds.filter((id) => sizes[id]).map((id) => ({ fileId: id, width: sizes[id].width, height: sizes[id].height, alt: t.name }));
      return { ...t, image: images[0] ?? null, images };
    }),
    courierFee: await getCourierFee(db),
  };
}

/** The tenant fields of the booking form, prefilled from the account. */
export async function tenantDefaults(userId: number, db: Db = getDb()) {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const person = u ? `${u.firstName} ${u.surname}`.trim() : '';
  return {
    tenant_name: u?.company || person,
    tenant_tax_id: u?.taxIdentificationNr ?? '',
    tenant_street: u?.address ?? '',
    tenant_postcode: u?.postcode ?? '',
    tenant_post: u?.city ?? '',
    tenant_phone: u?.phone ?? '',
    tenant_person: person,
  };
}

/** The admin dashboard's count: new tester rentals (not yet confirmed). */
export async function countNewRentals(db: Db = getDb()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(testerRentals).where(eq(testerRentals.status, 'new'));
  return row?.n ?? 0;
}

// Transport types: the public list of active ones and the administrator's list and edits.
import { asc, count, eq } from 'drizzle-orm';
import { recordChange } from '~/core/audit/audit.server';
import { updateWithVersion } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { type Locale, translator } from '~/core/i18n/locale';
import { toDecimal } from '~/core/money/money';
import { shopMessages } from './messages';
import type { TransportRule } from './rules';
import { orders, type TransportKind, type TransportTypeRow, transportTypes } from './shop.schema';
import type { TransportTypeInput } from './validation';

export interface TransportTypeView {
  id: number;
  name: string;
  kind: TransportKind;
  unit_price: string;
  max_kg_per_unit: number | null;
  max_m3_per_unit: number | null;
  max_units: number | null;
  max_total_kg: number | null;
}

export function ruleOf(t: TransportTypeRow): TransportRule {
  return {
    kind: t.kind,
    unitPrice: t.unitPrice,
    maxKgPerUnit: t.maxKgPerUnit,
    maxM3PerUnit: t.maxM3PerUnit,
    maxUnits: t.maxUnits,
    maxTotalKg: t.maxTotalKg,
  };
}

export function transportTypeView(t: TransportTypeRow, locale: Locale): TransportTypeView {
  return {
    id: t.id,
    name: locale === 'en' ? t.nameEn || t.namePl : t.namePl,
    kind: t.kind,
    unit_price: toDecimal(t.unitPrice),
    max_kg_per_unit: t.maxKgPerUnit,
    max_m3_per_unit: t.maxM3PerUnit,
    max_units: t.maxUnits,
    max_total_kg: t.maxTotalKg,
  };
}

/** GET /api/transport-types: the active types in their order. */
export async function activeTransportTypes(db: Db = getDb()): Promise<TransportTypeRow[]> {
  return db.select().from(transportTypes).where(eq(transportTypes.isActive, true)).orderBy(asc(transportTypes.position), asc(transportTypes.id));
}

export async function allTransportTypes(db: Db = getDb()): Promise<TransportTypeRow[]> {
  return db.select().from(transportTypes).orderBy(asc(transportTypes.position), asc(transportTypes.id));
}

export async function getTransportType(id: number, db: Db = getDb()): Promise<TransportTypeRow | null> {
  const [row] = await db.select().from(transportTypes).where(eq(transportTypes.id, id)).limit(1);
  return row ?? null;
}

/** The admin form's values of a type (money as decimal strings). */
export function transportTypeAdminJson(t: TransportTypeRow) {
  return {
    id: t.id,
    name_pl: t.namePl,
    name_en: t.nameEn,
    kind: t.kind,
    unit_price: toDecimal(t.unitPrice),
    max_kg_per_unit: t.maxKgPerUnit,
    max_m3_per_unit: t.maxM3PerUnit,
    max_units: t.maxUnits,
    max_total_kg: t.maxTotalKg,
    is_active: t.isActive,
    position: t.position,
    version: t.version,
  };
}

const values = (i: TransportTypeInput) => ({
  namePl: i.name_pl,
  nameEn: i.name_en,
  kind: i.kind,
  unitPrice: i.unit_price,
  maxKgPerUnit: i.max_kg_per_unit,
  maxM3PerUnit: i.max_m3_per_unit,
  maxUnits: i.max_units,
  maxTotalKg: i.max_total_kg,
  isActive: i.is_active,
  position: i.position,
});

export interface AdminActor {
  userId: number;
  userEmail: string;
}

export async function createTransportType(input: TransportTypeInput, actor: AdminActor, db: Db = getDb()): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(transportTypes).values(values(input)).returning();
    if (!row) throw new Error('transport_types: insert returned no row');
    await recordChange(tx as unknown as Db, {
      userId: actor.userId,
      userEmail: actor.userEmail,
      entity: 'transport_type',
      entityId: row.id,
      action: 'create',
      after: row,
    });
    return row.id;
  });
}

export async function updateTransportType(id: number, input: TransportTypeInput & { version: number }, actor: AdminActor, locale: Locale, db: Db = getDb()) {
  await updateWithVersion(db, transportTypes, id, input.version, values(input), {
    locale,
    audit: { userId: actor.userId, userEmail: actor.userEmail, entity: 'transport_type' },
  });
}

export async function deleteTransportType(id: number, actor: AdminActor, locale: Locale, db: Db = getDb()): Promise<boolean> {
  const t = translator(shopMessages, locale);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [used] = await tx.select({ n: count() }).from(orders).where(eq(orders.transportTypeId, id));
    if ((used?.n ?? 0) > 0) throw new HttpError(422, t('msg.transportInUse'), { id: [t('msg.transportInUse')] });
    const [row] = await tx.delete(transportTypes).where(eq(transportTypes.id, id)).returning();
    if (!row) return false;
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: 'transport_type', entityId: id, action: 'delete', before: row });
    return true;
  });
}

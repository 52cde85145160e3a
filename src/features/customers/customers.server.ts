// The customers service: B2B customers with their invoice and delivery addresses, and the users
// who buy for them. No HTTP here: the admin API and the admin pages call these.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { updateWithVersion } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import { DEFAULT_LOCALE, type Locale, translator } from '~/core/i18n/locale';
import { toDecimal } from '~/core/money/money';
import { containsPattern } from '~/core/text';
import { type CompanyRole, users } from '~/features/accounts/accounts.schema';
import type { Address, StoredAddress } from './addresses';
import { type AddressRow, addresses, type CustomerRow, customers, customerUsers } from './customers.schema';
import { customerMessages } from './messages';
import type { CustomerInput } from './validation';

export const CUSTOMERS_PER_PAGE = 25;

export interface CustomerListItem {
  id: number;
  name: string;
  tax_identification_nr: string;
  enova_kod: string;
  payment_deadline_days: number;
  is_active: boolean;
  town: string;
  users_count: number;
}

export interface CustomerUser {
  id: number;
  name: string;
  email: string;
  is_active: boolean;
  has_b2b_access: boolean;
  company_role: CompanyRole;
}

export interface CustomerDetail {
  id: number;
  name: string;
  tax_identification_nr: string;
  payment_deadline_days: number;
  enova_kod: string;
  enova_definicja_ceny: string;
  is_active: boolean;
  /** The ERP's credit limit (decimal string, issue 39), or null; read-only here. */
  credit_limit: string | null;
  /** The most the customer's owner may set as approval limit (decimal string, issue 40), or null: no maximum. */
  approval_limit_max: string | null;
  /** The approval limit the owner set (decimal string), or null. */
  approval_limit: string | null;
  invoice_address: StoredAddress | null;
  delivery_addresses: StoredAddress[];
  users: CustomerUser[];
  version: number;
  created_at: string;
  updated_at: string;
}

export const CUSTOMER_SORTS = ['id', 'name', 'tax_identification_nr', 'enova_kod', 'payment_deadline_days', 'is_active', 'created_at'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export interface CustomerFilters {
  search?: string;
  /** '1' active only, '0' inactive only. */
  active?: string;
  sort?: string;
  dir?: string;
  page?: number;
  perPage?: number;
}

const SORT_COLUMNS = {
  id: customers.id,
  name: customers.name,
  tax_identification_nr: customers.taxIdentificationNr,
  enova_kod: customers.enovaKod,
  payment_deadline_days: customers.paymentDeadlineDays,
  is_active: customers.isActive,
  created_at: customers.createdAt,
} as const;

const notFound = (locale: Locale) => new HttpError(404, translator(customerMessages, locale)('msg.notFound'));

function addressJson(a: AddressRow): StoredAddress {
  return {
    id: a.id,
    name: a.name,
    email: a.email,
    phone_number: a.phoneNumber,
    town: a.town,
    street: a.street,
    home: a.home,
    flat: a.flat,
    full_street: a.fullStreet,
    postcode: a.postcode,
    post: a.post,
  };
}

function addressValues(a: Address) {
  return {
    name: a.name,
    email: a.email,
    phoneNumber: a.phone_number,
    town: a.town,
    street: a.street,
    home: a.home,
    flat: a.flat,
    fullStreet: a.full_street,
    postcode: a.postcode,
    post: a.post,
  };
}

function customerValues(input: CustomerInput & { credit_limit?: number | null }) {
  return {
    // The administrator's maximum approval limit (grosze; issue 40): absent in the integration API.
    ...(input.approval_limit_max !== undefined ? { approvalLimitMax: input.approval_limit_max } : {}),
    // The ERP's credit limit (grosze; issue 39): only the integration API sends it.
    ...(input.credit_limit !== undefined ? { creditLimit: input.credit_limit } : {}),
    name: input.name,
    taxIdentificationNr: input.tax_identification_nr,
    paymentDeadlineDays: input.payment_deadline_days,
    enovaKod: input.enova_kod,
    enovaDefinicjaCeny: input.enova_definicja_ceny,
    isActive: input.is_active,
  };
}

/** The admin list: search in name, tax number and Enova code; filter by active; sorted and paged. */
export async function listCustomers(filters: CustomerFilters = {}, db: Db = getDb()): Promise<Paged<CustomerListItem>> {
  const perPage = filters.perPage ?? CUSTOMERS_PER_PAGE;
  const conditions: SQL[] = [];
  const search = filters.search?.trim();
  if (search) {
    const p = containsPattern(search);
    const digits = search.replace(/[\s-]/g, '');
    const parts = [ilike(customers.name, p), ilike(customers.enovaKod, p), ilike(customers.taxIdentificationNr, containsPattern(digits))];
    conditions.push(or(...parts) as SQL);
  }
  if (filters.active === '1') conditions.push(eq(customers.isActive, true));
  if (filters.active === '0') conditions.push(eq(customers.isActive, false));
  const where = conditions.length ? and(...conditions) : undefined;

  const [totalRow] = await db.select({ n: count() }).from(customers).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = pageCount(total, perPage);
  const page = Math.min(Math.max(1, Math.trunc(filters.page ?? 1)), pages);
  const sortKey = (CUSTOMER_SORTS as readonly string[]).includes(filters.sort ?? '') ? (filters.sort as CustomerSort) : 'name';
  const order = filters.dir === 'desc' ? desc : asc;

  const usersCount = db
    .select({ customerId: customerUsers.customerId, n: count().as('n') })
    .from(customerUsers)
    .groupBy(customerUsers.customerId)
    .as('uc');
  const invoice = db.select({ customerId: addresses.customerId, town: addresses.town }).from(addresses).where(eq(addresses.kind, 'invoice')).as('inv');
  const rows = await db
    .select({ c: customers, town: invoice.town, n: usersCount.n })
    .from(customers)
    .leftJoin(usersCount, eq(usersCount.customerId, customers.id))
    .leftJoin(invoice, eq(invoice.customerId, customers.id))
    .where(where)
    .orderBy(order(SORT_COLUMNS[sortKey]), order(customers.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    items: rows.map(({ c, town, n }) => ({
      id: c.id,
      name: c.name,
      tax_identification_nr: c.taxIdentificationNr,
      enova_kod: c.enovaKod,
      payment_deadline_days: c.paymentDeadlineDays,
      is_active: c.isActive,
      town: town ?? '',
      users_count: Number(n ?? 0),
    })),
    pages,
    page,
    total,
  };
}

async function loadAddresses(db: Db, customerId: number) {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.kind), asc(addresses.position), asc(addresses.id));
  return {
    invoice: rows.find((r) => r.kind === 'invoice') ?? null,
    delivery: rows.filter((r) => r.kind === 'delivery'),
  };
}

/** The users who buy for a customer. */
export async function usersOfCustomer(customerId: number, db: Db = getDb()): Promise<CustomerUser[]> {
  const rows = await db
    .select({ u: users, role: customerUsers.companyRole })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(eq(customerUsers.customerId, customerId))
    .orderBy(asc(users.surname), asc(users.firstName), asc(users.id));
  return rows.map(({ u, role }) => ({
    id: u.id,
    name: `${u.firstName} ${u.surname}`.trim(),
    email: u.email,
    is_active: u.isActive,
    has_b2b_access: u.b2bGrantedAt !== null,
    company_role: role,
  }));
}

function detailJson(c: CustomerRow, a: { invoice: AddressRow | null; delivery: AddressRow[] }, linked: CustomerUser[]): CustomerDetail {
  return {
    id: c.id,
    name: c.name,
    tax_identification_nr: c.taxIdentificationNr,
    payment_deadline_days: c.paymentDeadlineDays,
    enova_kod: c.enovaKod,
    enova_definicja_ceny: c.enovaDefinicjaCeny,
    is_active: c.isActive,
    credit_limit: c.creditLimit === null ? null : toDecimal(c.creditLimit),
    approval_limit_max: c.approvalLimitMax === null ? null : toDecimal(c.approvalLimitMax),
    approval_limit: c.approvalLimit === null ? null : toDecimal(c.approvalLimit),
    invoice_address: a.invoice ? addressJson(a.invoice) : null,
    delivery_addresses: a.delivery.map(addressJson),
    users: linked,
    version: c.version,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** One customer with its addresses, users and version; null when there is none. */
/** A customer with its addresses and, unless `withUsers` is false (the shop's cart: one query less), its users. */
export async function getCustomer(id: number, db: Db = getDb(), opts: { withUsers?: boolean } = {}): Promise<CustomerDetail | null> {
  const [c] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!c) return null;
  const [a, linked] = await Promise.all([loadAddresses(db, id), opts.withUsers === false ? [] : usersOfCustomer(id, db)]);
  return detailJson(c, a, linked);
}

/** What the change log keeps of a customer: its fields and its addresses. */
function snapshot(c: CustomerRow, a: { invoice: AddressRow | null; delivery: AddressRow[] }) {
  const plain = (r: AddressRow) => {
    const { createdAt: _c, updatedAt: _u, version: _v, customerId: _id, kind: _k, ...rest } = r;
    return rest;
  };
  return { ...c, invoiceAddress: a.invoice ? plain(a.invoice) : null, deliveryAddresses: a.delivery.map(plain) };
}

/** Writes the invoice address and the delivery addresses (kept by id, new ones added, missing ones removed). */
async function saveAddresses(tx: Db, customerId: number, input: CustomerInput) {
  const current = await loadAddresses(tx, customerId);
  if (input.invoice_address) {
    if (current.invoice) {
      await tx
        .update(addresses)
        .set({ ...addressValues(input.invoice_address), updatedAt: new Date(), version: sql`${addresses.version} + 1` })
        .where(eq(addresses.id, current.invoice.id));
    } else {
      await tx.insert(addresses).values({ customerId, kind: 'invoice', ...addressValues(input.invoice_address) });
    }
  } else if (current.invoice) {
    await tx.delete(addresses).where(eq(addresses.id, current.invoice.id));
  }

  const existing = new Set(current.delivery.map((d) => d.id));
  const kept = new Set<number>();
  for (const [position, d] of input.delivery_addresses.entries()) {
    // An id that is not one of this customer's delivery addresses is treated as a new address.
    if (d.id !== undefined && existing.has(d.id) && !kept.has(d.id)) {
      kept.add(d.id);
      await tx
        .update(addresses)
        .set({ ...addressValues(d), position, updatedAt: new Date(), version: sql`${addresses.version} + 1` })
        .where(eq(addresses.id, d.id));
    } else {
      await tx.insert(addresses).values({ customerId, kind: 'delivery', position, ...addressValues(d) });
    }
  }
  const removed = current.delivery.filter((d) => !kept.has(d.id)).map((d) => d.id);
  if (removed.length) await tx.delete(addresses).where(inArray(addresses.id, removed));
}

/** Creates a customer with its addresses; returns its id. */
export async function createCustomer(input: CustomerInput & { credit_limit?: number | null }, actor: Actor | null, db: Db = getDb()): Promise<number> {
  return db.transaction(async (tx) => {
    const [c] = await tx.insert(customers).values(customerValues(input)).returning();
    await saveAddresses(tx, c.id, input);
    await recordChange(tx, {
      userId: actor?.userId ?? null,
      userEmail: actor?.userEmail ?? null,
      entity: 'customer',
      entityId: c.id,
      action: 'create',
      after: snapshot(c, await loadAddresses(tx, c.id)),
    });
    return c.id;
  });
}

/**
 * Saves a customer loaded at `version` with its addresses: 409 when it was saved by someone else
 * in the meantime, 404 when it is gone. One change-log entry covers the fields and the addresses.
 */
export async function updateCustomer(
  id: number,
  version: number,
  input: CustomerInput & { credit_limit?: number | null },
  actor: Actor | null,
  locale: Locale = DEFAULT_LOCALE,
  db: Db = getDb(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) throw notFound(locale);
    const beforeAddresses = await loadAddresses(tx, id);
    const after = await updateWithVersion(tx, customers, id, version, customerValues(input), { locale });
    await saveAddresses(tx, id, input);
    await recordChange(tx, {
      userId: actor?.userId ?? null,
      userEmail: actor?.userEmail ?? null,
      entity: 'customer',
      entityId: id,
      action: 'update',
      before: snapshot(before, beforeAddresses),
      after: snapshot(after, await loadAddresses(tx, id)),
    });
  });
}

/** Deletes a customer with its addresses; its users stay, unlinked. False when there is none. */
export async function deleteCustomer(id: number, actor: Actor | null, db: Db = getDb()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) return false;
    const beforeAddresses = await loadAddresses(tx, id);
    await tx.delete(customers).where(eq(customers.id, id));
    await recordChange(tx, {
      userId: actor?.userId ?? null,
      userEmail: actor?.userEmail ?? null,
      entity: 'customer',
      entityId: id,
      action: 'delete',
      before: snapshot(before, beforeAddresses),
    });
    return true;
  });
}

/** Option list for selects (SPEC section 3: ids as strings), active customers first, matching a search. */
export async function customerOptions(search = '', limit = 20, db: Db = getDb()): Promise<{ id: string; name: string }[]> {
  const q = search.trim();
  const where = q ? or(ilike(customers.name, containsPattern(q)), ilike(customers.taxIdentificationNr, containsPattern(q.replace(/[\s-]/g, '')))) : undefined;
  const rows = await db
    .select({ id: customers.id, name: customers.name, nip: customers.taxIdentificationNr, active: customers.isActive })
    .from(customers)
    .where(where)
    .orderBy(desc(customers.isActive), asc(customers.name), asc(customers.id))
    .limit(Math.min(Math.max(limit, 1), 100));
  return rows.map((r) => ({ id: String(r.id), name: r.nip ? `${r.name} (NIP ${r.nip})` : r.name }));
}

/** The customer a user buys for, or null. */
export async function customerOfUser(userId: number, db: Db = getDb()): Promise<{ id: number; name: string; company_role: CompanyRole } | null> {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, company_role: customerUsers.companyRole })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(eq(customerUsers.userId, userId))
    .limit(1);
  return row ?? null;
}

/** True when the customer exists. */
export async function customerExists(id: number, db: Db = getDb()): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  return Boolean(row);
}

/**
 * Links a user to a customer (or unlinks with null), in the caller's transaction; the change is
 * logged on the user. Returns false when the customer does not exist.
 */
export async function setUserCustomer(
  tx: Db,
  userId: number,
  customerId: number | null,
  actor: Actor | null,
  companyRole: CompanyRole = 'buyer',
): Promise<boolean> {
  const [before] = await tx
    .select({ customerId: customerUsers.customerId, companyRole: customerUsers.companyRole })
    .from(customerUsers)
    .where(eq(customerUsers.userId, userId));
  if (customerId !== null && !(await customerExists(customerId, tx))) return false;
  if ((before?.customerId ?? null) === customerId && (customerId === null || before?.companyRole === companyRole)) return true;
  if (customerId === null) await tx.delete(customerUsers).where(eq(customerUsers.userId, userId));
  else {
    // A move to another customer drops the user's own approval limit (it was the other owner's).
    const moved = before?.customerId !== customerId;
    await tx
      .insert(customerUsers)
      .values({ userId, customerId, companyRole })
      .onConflictDoUpdate({ target: customerUsers.userId, set: { customerId, companyRole, ...(moved ? { approvalLimit: null } : {}) } });
  }
  await recordChange(tx, {
    userId: actor?.userId ?? null,
    userEmail: actor?.userEmail ?? null,
    entity: 'user',
    entityId: userId,
    action: 'update',
    before: { customerId: before?.customerId ?? null, companyRole: before?.companyRole ?? null },
    after: { customerId, companyRole: customerId === null ? null : companyRole },
  });
  return true;
}

// Calculator purchases: Przelewy24 (register, notification, verify) or a bank transfer that an
// administrator marks paid. Either way a paid purchase gets the access link by mail, once.
import { pageWithin } from '~/core/http/pagination';
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import type { Locale } from '~/core/i18n/locale';
import { translator } from '~/core/i18n/locale';
import { totalsOfNet } from '~/core/money/money';
import { COMPANY } from '~/core/company';
import { newsletterMessages } from './messages';
import { CALCULATOR_PRICE_NET, type CalculatorPurchase, calculatorPurchases, PURCHASE_STATUSES, type PurchaseStatus } from './newsletter.schema';
import { orderAccessMail, proformaMail, purchasePaidMail } from './newsletter-mails.server';
import { newToken } from './newsletter.server';
import { notificationIsAuthentic, type P24Config, type P24Notification, registerTransaction, verifyTransaction } from './p24.server';
import type { PurchaseInput } from './validation';

export const PURCHASES_PER_PAGE = 25;

/** The calculator's price: 9.90 PLN net, VAT 23 %, gross 12.18 PLN. */
export function calculatorPrice() {
  return totalsOfNet(CALCULATOR_PRICE_NET);
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A transfer title such as KALK-7Q2M9X4D (no 0/O, 1/I). */
export function newReference(): string {
  const bytes = randomBytes(8);
  let s = '';
  for (const b of bytes) s += REF_ALPHABET[b % REF_ALPHABET.length];
  return `KALK-${s}`;
}

const base = (appUrl: string) => appUrl.replace(/\/$/, '');
export const accessUrl = (appUrl: string, p: Pick<CalculatorPurchase, 'locale' | 'accessToken'>) =>
  `${base(appUrl)}/${p.locale}/calculator/access/${p.accessToken}`;

interface Buyer {
  input: Pick<PurchaseInput, 'name' | 'email'>;
  locale: Locale;
  userId: number | null;
  appUrl: string;
}

async function insertPurchase(tx: Db, buyer: Buyer, method: 'p24' | 'transfer', sessionId: string | null) {
  const price = calculatorPrice();
  const [row] = await tx
    .insert(calculatorPurchases)
    .values({
      userId: buyer.userId,
      name: buyer.input.name,
      email: buyer.input.email.toLowerCase(),
      locale: buyer.locale,
      method,
      netAmount: price.net,
      grossAmount: price.gross,
      reference: newReference(),
      p24SessionId: sessionId,
      accessToken: newToken(),
    })
    .returning();
  return row;
}

/** Bank transfer: a pending purchase and the pro-forma mail with the account and the reference. */
export async function orderByTransfer(buyer: Buyer, bankAccount: string): Promise<CalculatorPurchase> {
  return getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await insertPurchase(tx, buyer, 'transfer', null);
    const price = calculatorPrice();
    await proformaMail(
      tx,
      { email: row.email, locale: buyer.locale },
      {
        reference: row.reference,
        net: price.net,
        vat: price.vat,
        gross: price.gross,
        account: bankAccount,
        recipient: `${COMPANY.name}, ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.town}`,
      },
    );
    return row;
  });
}

/** Przelewy24: a pending purchase, the transaction registered; returns the gateway URL. */
export async function orderByP24(buyer: Buyer, cfg: P24Config): Promise<{ purchase: CalculatorPurchase; redirectUrl: string }> {
  const sessionId = `calc-${randomBytes(16).toString('hex')}`;
  const purchase = await insertPurchase(getDb(), buyer, 'p24', sessionId);
  try {
    const { redirectUrl } = await registerTransaction(cfg, {
      sessionId,
      amount: purchase.grossAmount,
      description: `${translator(newsletterMessages, buyer.locale)('buy.description')} ${purchase.reference}`,
      email: purchase.email,
      client: purchase.name,
      language: buyer.locale,
      urlReturn: accessUrl(buyer.appUrl, purchase),
      urlStatus: `${base(buyer.appUrl)}/api/calculator/p24/notification`,
    });
    return { purchase, redirectUrl };
  } catch (e) {
    await getDb().update(calculatorPurchases).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(calculatorPurchases.id, purchase.id));
    throw e;
  }
}

/** pending -> paid (once) and the access mail; false when it was not pending (a replay, or already paid). */
async function markPaid(tx: Db, purchaseId: number, set: { p24OrderId?: string }, appUrl: string): Promise<CalculatorPurchase | null> {
  const now = new Date();
  const [row] = await tx
    .update(calculatorPurchases)
    .set({ status: 'paid', paidAt: now, updatedAt: now, ...set })
    .where(and(eq(calculatorPurchases.id, purchaseId), eq(calculatorPurchases.status, 'pending')))
    .returning();
  if (!row) return null;
  await purchasePaidMail(tx, { email: row.email, locale: row.locale === 'en' ? 'en' : 'pl' }, { reference: row.reference, url: accessUrl(appUrl, row) });
  return row;
}

export type NotificationResult = 'paid' | 'already' | 'rejected';

/**
 * The status notification: its sign and merchant checked, the amount compared with the purchase,
 * then verified with Przelewy24; a replayed notification changes nothing and sends no second mail.
 */
export async function handleP24Notification(n: P24Notification, cfg: P24Config, appUrl: string): Promise<NotificationResult> {
  if (!notificationIsAuthentic(n, cfg)) return 'rejected';
  const [purchase] = await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.p24SessionId, n.sessionId)).limit(1);
  if (purchase?.method !== 'p24') return 'rejected';
  if (purchase.status === 'paid') return 'already';
  if (n.amount !== purchase.grossAmount || n.currency !== purchase.currency) return 'rejected';
  const verified = await verifyTransaction(cfg, { sessionId: n.sessionId, orderId: n.orderId, amount: n.amount, currency: n.currency });
  if (!verified) return 'rejected';
  const paid = await getDb().transaction((tx) => markPaid(tx as unknown as Db, purchase.id, { p24OrderId: String(n.orderId) }, appUrl));
  return paid ? 'paid' : 'already';
}

export interface CalculatorOrder {
  /** The shop order's number (ZS/2026/000001): the purchase's reference, so one order grants once. */
  number: string;
  /** Who ordered: the order's customer (company) name. */
  name: string;
  email: string;
  locale: string;
  userId: number | null;
  /** Net value of the calculator's line in the order (grosze). */
  net: number;
}

/**
 * A B2B shop order with the calculator (catalogue number CALCULATOR_CATALOG_NUMBER), called by the
 * shop in the transaction that confirms the order: a paid purchase of method `order` whose reference
 * is the order number, and the access mail. The reference is unique, so an order grants access and
 * mails the link once, however often this runs; returns whether it granted now.
 */
export async function grantCalculatorForOrder(tx: Db, order: CalculatorOrder, appUrl: string): Promise<boolean> {
  const locale: Locale = order.locale === 'en' ? 'en' : 'pl';
  const net = Math.max(1, order.net);
  const price = totalsOfNet(net);
  const now = new Date();
  const [row] = await tx
    .insert(calculatorPurchases)
    .values({
      userId: order.userId,
      name: order.name.slice(0, 200),
      email: order.email.trim().toLowerCase(),
      locale,
      method: 'order',
      netAmount: price.net,
      grossAmount: price.gross,
      status: 'paid',
      paidAt: now,
      reference: order.number,
      accessToken: newToken(),
    })
    .onConflictDoNothing({ target: calculatorPurchases.reference })
    .returning();
  if (!row) return false;
  await orderAccessMail(tx, { email: row.email, locale }, { number: order.number, url: accessUrl(appUrl, row) });
  return true;
}

/** Admin: a bank transfer booked -> paid, the access link mailed. */
export async function markTransferPaid(id: number, actor: Actor, appUrl: string): Promise<'paid' | 'not-found' | 'not-pending'> {
  return getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select().from(calculatorPurchases).where(eq(calculatorPurchases.id, id)).for('update');
    if (!before) return 'not-found';
    if (before.status !== 'pending') return 'not-pending';
    const row = await markPaid(tx, id, {}, appUrl);
    if (!row) return 'not-pending';
    await recordChange(tx, {
      userId: actor.userId,
      userEmail: actor.userEmail,
      entity: 'calculator_purchase',
      entityId: id,
      action: 'update',
      before: { status: before.status, paidAt: null },
      after: { status: row.status, paidAt: row.paidAt?.toISOString() ?? null },
    });
    return 'paid';
  });
}

/** The paid purchase an access link names, or its state. */
export async function purchaseByAccessToken(token: string) {
  const [row] = await getDb()
    .select({ id: calculatorPurchases.id, status: calculatorPurchases.status })
    .from(calculatorPurchases)
    .where(eq(calculatorPurchases.accessToken, token))
    .limit(1);
  return row ?? null;
}

/** GET /api/admin/calculator-purchases: newest first, paged, optional status. */
export async function listPurchases(f: { status?: string; page?: number }) {
  const db = getDb();
  const conds: SQL[] = [];
  if (f.status && (PURCHASE_STATUSES as readonly string[]).includes(f.status)) conds.push(eq(calculatorPurchases.status, f.status as PurchaseStatus));
  const where = conds.length ? and(...conds) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(calculatorPurchases).where(where);
  const shown = pageWithin(f.page, total, PURCHASES_PER_PAGE);
  const rows = await db
    .select()
    .from(calculatorPurchases)
    .where(where)
    .orderBy(desc(calculatorPurchases.createdAt), desc(calculatorPurchases.id))
    .limit(PURCHASES_PER_PAGE)
    .offset(shown.offset);
  return {
    items: rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      name: r.name,
      email: r.email,
      method: r.method,
      status: r.status,
      grossAmount: r.grossAmount,
      createdAt: r.createdAt.toISOString(),
      paidAt: r.paidAt?.toISOString() ?? null,
    })),
    pages: shown.pages,
    page: shown.page,
    total,
  };
}

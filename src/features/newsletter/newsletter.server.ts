// Newsletter subscriptions: double opt-in, welcome mail with the calculator access link, one-click
// unsubscribe, consent history, and the admin list/export.
import { pageWithin } from '~/core/http/pagination';
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, isNull, lt, or, type SQL } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import type { Locale } from '~/core/i18n/locale';
import {
  CONFIRM_TOKEN_TTL_MS,
  type ConsentAction,
  type ConsentSource,
  NEWSLETTER_TERMS_VERSION,
  type NewsletterSubscriber,
  newsletterConsents,
  newsletterSubscribers,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from './newsletter.schema';
import { confirmSubscriptionMail, welcomeMail } from './newsletter-mails.server';
import type { SubscribeInput } from './validation';

export const SUBSCRIBERS_PER_PAGE = 25;
/** A pending signup of the same address sends a new confirmation mail only after this long. */
export const RESEND_AFTER_MS = 10 * 60_000;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const base = (appUrl: string) => appUrl.replace(/\/$/, '');

/** The links a subscriber's mails carry. */
export function subscriberLinks(appUrl: string, s: Pick<NewsletterSubscriber, 'locale' | 'unsubscribeToken' | 'accessToken' | 'confirmToken'>) {
  const root = base(appUrl);
  return {
    confirm: `${root}/${s.locale}/newsletter/confirm/${s.confirmToken ?? ''}`,
    unsubscribe: `${root}/${s.locale}/newsletter/unsubscribe/${s.unsubscribeToken}`,
    oneClick: `${root}/api/newsletter/unsubscribe/${s.unsubscribeToken}`,
    access: `${root}/${s.locale}/calculator/access/${s.accessToken}`,
  };
}

async function recordConsent(tx: Db, subscriberId: number, action: ConsentAction, source: ConsentSource) {
  await tx.insert(newsletterConsents).values({ subscriberId, action, source, termsVersion: NEWSLETTER_TERMS_VERSION });
}

/**
 * A signup. A new address (or an unsubscribed or still pending one) gets a confirmation mail; a
 * confirmed one gets nothing. The caller answers the same either way (no enumeration).
 */
export async function subscribe(input: Pick<SubscribeInput, 'name' | 'email' | 'form'>, opts: { locale: Locale; appUrl: string }): Promise<void> {
  await getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const email = input.email.toLowerCase();
    // A new row, or nothing when the address exists (a parallel signup of the same address included).
    await tx
      .insert(newsletterSubscribers)
      .values({ name: input.name, email, locale: opts.locale, unsubscribeToken: newToken(), accessToken: newToken() })
      .onConflictDoNothing({ target: newsletterSubscribers.email });
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for('update');
    if (!row || row.status === 'confirmed') return;
    // A pending address gets at most one confirmation mail per RESEND_AFTER_MS (no mail bombing).
    if (row.status === 'pending' && row.confirmSentAt && Date.now() - row.confirmSentAt.getTime() < RESEND_AFTER_MS) return;
    const [updated] = await tx
      .update(newsletterSubscribers)
      .set({
        name: input.name,
        locale: opts.locale,
        status: 'pending',
        confirmToken: newToken(),
        confirmSentAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(newsletterSubscribers.id, row.id))
      .returning();
    await recordConsent(tx, row.id, 'subscribe', input.form);
    const links = subscriberLinks(opts.appUrl, updated);
    await confirmSubscriptionMail(
      tx,
      { email, locale: opts.locale },
      {
        name: updated.name,
        url: links.confirm,
        unsubscribeUrl: links.unsubscribe,
        oneClickUrl: links.oneClick,
      },
    );
  });
}

export type ConfirmResult = { status: 'confirmed' | 'already'; subscriberId: number; locale: Locale } | { status: 'invalid' };

/** The confirmation link: pending -> confirmed (once), the welcome mail with the access link. */
export async function confirmSubscription(token: string, opts: { appUrl: string; now?: Date }): Promise<ConfirmResult> {
  const now = opts.now ?? new Date();
  return getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.confirmToken, token)).for('update');
    if (row?.status !== 'pending') return { status: 'invalid' } as const;
    if (!row.confirmSentAt || row.confirmSentAt.getTime() + CONFIRM_TOKEN_TTL_MS < now.getTime()) return { status: 'invalid' } as const;
    const [updated] = await tx
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmToken: null, confirmedAt: now, unsubscribedAt: null, updatedAt: now })
      .where(and(eq(newsletterSubscribers.id, row.id), eq(newsletterSubscribers.status, 'pending')))
      .returning();
    if (!updated) return { status: 'invalid' } as const;
    await recordConsent(tx, row.id, 'confirm', 'mail-link');
    const links = subscriberLinks(opts.appUrl, updated);
    const locale: Locale = updated.locale === 'en' ? 'en' : 'pl';
    await welcomeMail(
      tx,
      { email: updated.email, locale },
      {
        name: updated.name,
        url: links.access,
        unsubscribeUrl: links.unsubscribe,
        oneClickUrl: links.oneClick,
      },
    );
    return { status: 'confirmed', subscriberId: updated.id, locale } as const;
  });
}

/** The pending subscriber a confirmation link names while it is valid (the page asks before confirming). */
export async function pendingSubscriberByConfirmToken(token: string, now = new Date()) {
  const [row] = await getDb()
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status, confirmSentAt: newsletterSubscribers.confirmSentAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmToken, token))
    .limit(1);
  if (row?.status !== 'pending' || !row.confirmSentAt || row.confirmSentAt.getTime() + CONFIRM_TOKEN_TTL_MS < now.getTime()) return null;
  return { email: row.email };
}

/** The subscriber an unsubscribe link names (the page shows the address before the click). */
export async function subscriberByUnsubscribeToken(token: string) {
  const [row] = await getDb()
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .limit(1);
  return row ?? null;
}

/** Unsubscribes (kept on record with its source); 'already' when it was not subscribed. */
export async function unsubscribe(where: { token: string } | { id: number }, source: ConsentSource, actor?: Actor): Promise<'done' | 'already' | 'invalid'> {
  return getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const cond = 'token' in where ? eq(newsletterSubscribers.unsubscribeToken, where.token) : eq(newsletterSubscribers.id, where.id);
    const [row] = await tx.select().from(newsletterSubscribers).where(cond).for('update');
    if (!row) return 'invalid';
    if (row.status === 'unsubscribed') return 'already';
    const now = new Date();
    await tx
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', confirmToken: null, unsubscribedAt: now, updatedAt: now, version: row.version + 1 })
      .where(eq(newsletterSubscribers.id, row.id));
    await recordConsent(tx, row.id, 'unsubscribe', source);
    if (actor) {
      await recordChange(tx, {
        userId: actor.userId,
        userEmail: actor.userEmail,
        entity: 'newsletter_subscriber',
        entityId: row.id,
        action: 'update',
        before: { status: row.status },
        after: { status: 'unsubscribed' },
      });
    }
    return 'done';
  });
}

/** The access token of a welcome mail -> the confirmed subscriber it belongs to. */
export async function confirmedSubscriberByAccessToken(token: string): Promise<number | null> {
  const [row] = await getDb()
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.accessToken, token), eq(newsletterSubscribers.status, 'confirmed')))
    .limit(1);
  return row?.id ?? null;
}

export interface SubscriberFilters {
  q?: string;
  status?: string;
  page?: number;
}

function filterWhere(f: SubscriberFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.status && (SUBSCRIBER_STATUSES as readonly string[]).includes(f.status)) where.push(eq(newsletterSubscribers.status, f.status as SubscriberStatus));
  const q = f.q?.trim().slice(0, 100);
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(newsletterSubscribers.name, like), ilike(newsletterSubscribers.email, like));
    if (match) where.push(match);
  }
  return where.length ? and(...where) : undefined;
}

/** GET /api/admin/newsletter/subscribers: newest first, paged. */
export async function listSubscribers(f: SubscriberFilters) {
  const db = getDb();
  const where = filterWhere(f);
  const [{ total }] = await db.select({ total: count() }).from(newsletterSubscribers).where(where);
  const shown = pageWithin(f.page, total, SUBSCRIBERS_PER_PAGE);
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(SUBSCRIBERS_PER_PAGE)
    .offset(shown.offset);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      locale: r.locale,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      confirmedAt: r.confirmedAt?.toISOString() ?? null,
    })),
    pages: shown.pages,
    page: shown.page,
    total,
  };
}

/** Every confirmed subscriber (export), oldest first. */
export async function confirmedSubscribers() {
  return getDb()
    .select({
      name: newsletterSubscribers.name,
      email: newsletterSubscribers.email,
      locale: newsletterSubscribers.locale,
      confirmedAt: newsletterSubscribers.confirmedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .orderBy(newsletterSubscribers.id);
}

/** The consent history of one subscriber (tests, admin). */
export async function consentHistory(subscriberId: number) {
  return getDb().select().from(newsletterConsents).where(eq(newsletterConsents.subscriberId, subscriberId)).orderBy(newsletterConsents.id);
}

/** A signup never confirmed is deleted (with its consent rows) this long after its last confirmation mail. */
export const UNCONFIRMED_KEEP_MS = 30 * 24 * 60 * 60_000;

/** Sweeper (src/server.server.ts): addresses that never confirmed are not kept. */
export async function sweepUnconfirmedSubscribers(now = new Date()): Promise<number> {
  const gone = await getDb()
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, 'pending'),
        isNull(newsletterSubscribers.confirmedAt),
        lt(newsletterSubscribers.confirmSentAt, new Date(now.getTime() - UNCONFIRMED_KEEP_MS)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return gone.length;
}

// Who may use the calculator (issue 16): a confirmed newsletter subscriber or a buyer whose purchase
// is paid. Two ways to prove it:
//   - the long-lived signed cookie `calc_access` set by the access link /{locale}/calculator/access/{token}
//     (value `s.{subscriberId}.{hmac}` or `p.{purchaseId}.{hmac}`, HMAC-SHA256 with the app secret);
//     it stops working when the subscriber unsubscribes (the row is checked on each use);
//   - a logged-in user whose e-mail is a confirmed subscriber's or a paid purchase's.
//
// Signatures (for the calculator feature and the app layer):
//   hasCalculatorAccess(input: { cookieHeader: string | null | undefined; userEmail: string | null | undefined; secret: string }): Promise<boolean>
//   requestHasCalculatorAccess(request: FastifyRequest): Promise<boolean>                    // Fastify routes
//   pageHasCalculatorAccess(request: Request, context: PageContext): Promise<boolean>        // React Router loaders
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { cookieValue } from '~/core/consent/consent';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { getCurrentUser, getRequestUser } from '~/core/permissions/current-user.server';
import type { PageContext } from '~/core/server/load-context';
import { calculatorPurchases, newsletterSubscribers } from './newsletter.schema';

export const CALCULATOR_ACCESS_COOKIE = 'calc_access';
/** Two years. */
export const CALCULATOR_ACCESS_MAX_AGE_S = 60 * 60 * 24 * 730;

export type AccessGrant = { kind: 's' | 'p'; id: number };

function sign(secret: string, grant: AccessGrant): string {
  return createHmac('sha256', secret).update(`calc-access:${grant.kind}:${grant.id}`).digest('base64url');
}

/** The cookie value for a subscriber (`s`) or a purchase (`p`). */
export function accessCookieValue(secret: string, grant: AccessGrant): string {
  return `${grant.kind}.${grant.id}.${sign(secret, grant)}`;
}

/** The grant a cookie value names, when its signature is right; null otherwise. */
export function readAccessCookie(secret: string, value: string | null | undefined): AccessGrant | null {
  if (!value || value.length > 200) return null;
  const m = /^([sp])\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m) return null;
  const grant: AccessGrant = { kind: m[1] as 's' | 'p', id: Number(m[2]) };
  if (!Number.isSafeInteger(grant.id) || grant.id < 1 || grant.id > 2_147_483_647) return null;
  const expected = Buffer.from(sign(secret, grant));
  const given = Buffer.from(m[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? grant : null;
}

/** The Set-Cookie header value of the access cookie. */
export function accessCookieHeader(secret: string, grant: AccessGrant, secure: boolean): string {
  const parts = [
    `${CALCULATOR_ACCESS_COOKIE}=${accessCookieValue(secret, grant)}`,
    'Path=/',
    `Max-Age=${CALCULATOR_ACCESS_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Whether a grant still holds: the subscriber is confirmed, or the purchase is paid. */
export async function grantIsValid(grant: AccessGrant, db: Db = getDb()): Promise<boolean> {
  if (grant.kind === 's') {
    const [row] = await db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.id, grant.id), eq(newsletterSubscribers.status, 'confirmed')))
      .limit(1);
    return Boolean(row);
  }
  const [row] = await db
    .select({ id: calculatorPurchases.id })
    .from(calculatorPurchases)
    .where(and(eq(calculatorPurchases.id, grant.id), eq(calculatorPurchases.status, 'paid')))
    .limit(1);
  return Boolean(row);
}

/** Whether an e-mail address is a confirmed subscriber's or has a paid purchase. */
export async function emailHasCalculatorAccess(email: string, db: Db = getDb()): Promise<boolean> {
  const normalized = email.trim().toLowerCase();
  if (!normalized) return false;
  const [sub] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.email, normalized), eq(newsletterSubscribers.status, 'confirmed')))
    .limit(1);
  if (sub) return true;
  const [purchase] = await db
    .select({ id: calculatorPurchases.id })
    .from(calculatorPurchases)
    .where(and(eq(calculatorPurchases.email, normalized), eq(calculatorPurchases.status, 'paid')))
    .limit(1);
  return Boolean(purchase);
}

/** The one check: the signed cookie (still valid) or the logged-in user's e-mail. */
export async function hasCalculatorAccess(input: {
  cookieHeader: string | null | undefined;
  userEmail: string | null | undefined;
  secret: string;
}): Promise<boolean> {
  const grant = readAccessCookie(input.secret, cookieValue(input.cookieHeader, CALCULATOR_ACCESS_COOKIE));
  if (grant && (await grantIsValid(grant))) return true;
  return input.userEmail ? emailHasCalculatorAccess(input.userEmail) : false;
}

/** For a Fastify route (e.g. GET /api/calculator/workbook). */
export async function requestHasCalculatorAccess(request: FastifyRequest): Promise<boolean> {
  const user = await getRequestUser(request);
  return hasCalculatorAccess({
    cookieHeader: request.headers.cookie,
    userEmail: user?.isVerified ? user.email : null,
    secret: request.server.config.sessionSecret,
  });
}

/** For a React Router loader: `pageHasCalculatorAccess(args.request, args.context)`. */
export async function pageHasCalculatorAccess(request: Request, context: Pick<PageContext, 'session' | 'config'>): Promise<boolean> {
  const user = await getCurrentUser(context);
  return hasCalculatorAccess({
    cookieHeader: request.headers.get('cookie'),
    userEmail: user?.isVerified ? user.email : null,
    secret: context.config.sessionSecret,
  });
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import type { Locale } from '~/core/i18n/locale';
import { type AccountTokenKind, accountTokens } from './accounts.schema';

export const VERIFY_TTL_MS = 24 * 60 * 60_000;
/** SPEC: a password reset link expires after 60 minutes. */
export const RESET_TTL_MS = 60 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stores a new one-time token (only its hash) and returns the token for the link. */
export async function createAccountToken(
  db: Db,
  input: { userId: number; kind: AccountTokenKind; email: string; ttlMs: number; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  // A new link replaces the earlier unused ones of the same kind.
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, input.userId), eq(accountTokens.kind, input.kind), isNull(accountTokens.usedAt)));
  await db.insert(accountTokens).values({
    userId: input.userId,
    kind: input.kind,
    tokenHash: hashToken(token),
    email: input.email,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

/**
 * Uses a token once: marks it used if it exists, is of this kind, unused and not expired, in one
 * statement (two requests with the same token cannot both succeed). Returns its user and address.
 */
export async function consumeAccountToken(db: Db, kind: AccountTokenKind, token: string, now = new Date()): Promise<{ userId: number; email: string } | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row ?? null;
}

/**
 * Deletes the tokens that can no longer be used (a sweeper): expired ones, and used ones except a
 * used verification link until it expires: opened again, it says the address is already verified.
 */
export async function sweepAccountTokens(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(accountTokens)
    .where(or(and(isNotNull(accountTokens.usedAt), ne(accountTokens.kind, 'verify')), lte(accountTokens.expiresAt, now)))
    .returning({ id: accountTokens.id });
  return gone.length;
}

/** The signature of a verification link: the token and its expiry, under the server secret. */
export function signVerification(secret: string, token: string, expires: number): string {
  return createHmac('sha256', secret).update(`verify|${token}|${expires}`).digest('base64url');
}

export function verificationSignatureValid(secret: string, token: string, expires: string | null, signature: string | null): boolean {
  if (!expires || !signature || !/^\d{1,13}$/.test(expires)) return false;
  const expected = Buffer.from(signVerification(secret, token, Number(expires)));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The signed, expiring link of the verification mail. */
export function verificationUrl(appUrl: string, locale: Locale, secret: string, token: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const signature = signVerification(secret, token, expires);
  return `${appUrl.replace(/\/$/, '')}/${locale}/verify/${token}?expires=${expires}&signature=${signature}`;
}

/**
 * The link of the password reset mail (SPEC: /{locale}/reset-password/{token}). No address in its
 * query (issue 41: addresses in links end up in logs and histories); the page fills it in from the token.
 */
export function resetUrl(appUrl: string, locale: Locale, token: string): string {
  return `${appUrl.replace(/\/$/, '')}/${locale}/reset-password/${token}`;
}

/** The address a reset link was sent to while the link can still be used, else null. */
export async function resetLinkEmail(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.kind, 'reset'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .limit(1);
  return row?.email ?? null;
}

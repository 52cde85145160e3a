// The accounts service: registration, verification, login, password reset, own data, and the
// provider's activation. No HTTP here: the API plugin and the page actions call these.
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { DEFAULT_LOCALE, type Locale, translator } from '~/core/i18n/locale';
import { assertNotLastAdministrator, lockAdministrators } from './admin/staff-guard.server';
import { type CurrentUser, loadCurrentUser } from '~/core/permissions/current-user.server';
import { destroyUserSessions } from '~/core/session/session.server';
import { accountTokens, type UserRow, users } from './accounts.schema';
import { recordChange } from '~/core/audit/audit.server';
import { enqueueWebhook } from '~/core/webhooks/webhooks.server';
import {
  sendAccountActiveMail,
  sendAccountInactiveMail,
  sendB2bGrantedMail,
  sendRegisterAttemptMail,
  sendResetMail,
  sendVerificationMail,
} from './account-mail.server';
import { accountMessages } from './messages';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.server';
import { ADMINISTRATOR_ROLE_ID, addUserRole, ensureRolesAndPermissions } from './roles.server';
import {
  consumeAccountToken,
  createAccountToken,
  hashToken,
  RESET_TTL_MS,
  resetLinkEmail,
  resetUrl,
  VERIFY_TTL_MS,
  verificationSignatureValid,
  verificationUrl,
} from './tokens.server';
import type { BasicDataInput, ChangePasswordInput, ConsentsInput, ProfileInput, RegisterInput, ResetPasswordInput } from './validation';

export type FieldErrors = Record<string, string[]>;
export type Outcome<T = void> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** What links in mails need: the public origin and the secret that signs verification links. */
export interface LinkContext {
  appUrl: string;
  secret: string;
}

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const fail = (field: string, message: string): Outcome<never> => ({ ok: false, errors: { [field]: [message] } });

function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: string; cause?: unknown } | undefined, i = 0; err && i < 4; err = err.cause as typeof err, i++) {
    if (err.code === '23505') return true;
  }
  return false;
}

function recipient(u: Pick<UserRow, 'email' | 'firstName' | 'defaultLocale'>) {
  return { email: u.email, firstName: u.firstName, locale: u.defaultLocale };
}

export async function findUserByEmail(email: string, db: Db = getDb()): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return u;
}

export async function findUserById(id: number, db: Db = getDb()): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u;
}

async function queueVerification(db: Db, user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'defaultLocale'>, links: LinkContext) {
  const { token, expiresAt } = await createAccountToken(db, { userId: user.id, kind: 'verify', email: user.email, ttlMs: VERIFY_TTL_MS });
  await sendVerificationMail(db, recipient(user), verificationUrl(links.appUrl, user.defaultLocale, links.secret, token, expiresAt));
}

/**
 * Creates an account (unverified, inactive) and queues the verification mail in the same
 * transaction. An address that already has an account gets no error (the form would reveal it):
 * its owner gets a mail instead and `userId` is null. The caller answers both alike and logs
 * neither in (issue 37): the mailed verification link does that.
 */
export async function registerUser(input: RegisterInput, _locale: Locale, links: LinkContext): Promise<Outcome<{ userId: number | null }>> {
  // Hashed in both cases, so the time of the answer does not tell them apart either.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(input.email);
  if (existing) return ok({ userId: await tellOwnerOfRegistration(existing, links) });
  const now = new Date();
  try {
    const userId = await getDb().transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          surname: input.surname,
          defaultLocale: input.default_locale,
          company: input.company,
          position: input.position,
          address: input.address,
          city: input.city,
          country: input.country,
          province: input.province,
          postcode: input.postcode,
          taxIdentificationNr: input.tax_identification_nr,
          phone: input.phone,
          termsAcceptedAt: now,
          privacyAcceptedAt: now,
          rodoAcceptedAt: now,
          marketingAcceptedAt: input.accepted_marketing ? now : null,
          isB2bRequest: input.is_b2b_request,
        })
        .returning();
      await queueVerification(tx, u, links);
      if (u.isB2bRequest) await b2bAccessRequestedWebhook(tx as unknown as Db, u, 'registration');
      return u.id;
    });
    return ok({ userId });
  } catch (e) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (!isUniqueViolation(e)) throw e;
    const owner = await findUserByEmail(input.email);
    return ok({ userId: owner ? await tellOwnerOfRegistration(owner, links) : null });
  }
}

async function tellOwnerOfRegistration(owner: UserRow, links: LinkContext): Promise<null> {
  const appUrl = links.appUrl.replace(/\/$/, '');
  await sendRegisterAttemptMail(getDb(), recipient(owner), `${appUrl}/${owner.defaultLocale}/login`);
  return null;
}

/**
 * Checks credentials. Without such a user a password check still runs, so the time of the
 * answer does not reveal whether the address has an account.
 */
export async function authenticate(email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(email);
  if (!user) return burnPasswordCheck(password).then(() => null);
  if (!(await verifyPassword(user.passwordHash, password))) return null;
  await getDb().update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return user;
}

/** Sends a new verification link (the caller applies the rate limit). False when already verified. */
export async function resendVerification(userId: number, links: LinkContext): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!u || u.emailVerifiedAt) return false;
    await queueVerification(tx, u, links);
    return true;
  });
}

export type VerifyResult = { status: 'verified'; userId: number; isActive: boolean } | { status: 'invalid' };

export type VerificationLinkState = { status: 'ask'; email: string } | { status: 'already' } | { status: 'invalid' };

/**
 * What a verification link would do, changing nothing: the page shows it and a button confirms
 * (mail scanners open links, issue 41). 'already' for a used link whose address is verified.
 */
export async function checkVerificationLink(
  token: string,
  expires: string | null,
  signature: string | null,
  secret: string,
  now = new Date(),
): Promise<VerificationLinkState> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token) || !verificationSignatureValid(secret, token, expires, signature)) return { status: 'invalid' };
  const [row] = await getDb()
    .select({
      email: accountTokens.email,
      usedAt: accountTokens.usedAt,
      expiresAt: accountTokens.expiresAt,
      userEmail: users.email,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.kind, 'verify')))
    .limit(1);
  if (!row || row.email !== row.userEmail) return { status: 'invalid' };
  if (row.usedAt) return row.verifiedAt ? { status: 'already' } : { status: 'invalid' };
  if (Number(expires) * 1000 < now.getTime() || row.expiresAt <= now) return { status: 'invalid' };
  return { status: 'ask', email: row.email };
}

/**
 * Uses a verification link: checks its signature and expiry, then uses its token once. The link came
 * to the mailbox, so it also proves the owner: the page logs them in (registration does not).
 */
export async function verifyEmail(token: string, expires: string | null, signature: string | null, secret: string, now = new Date()): Promise<VerifyResult> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { status: 'invalid' };
  if (!verificationSignatureValid(secret, token, expires, signature)) return { status: 'invalid' };
  if (Number(expires) * 1000 < now.getTime()) return { status: 'invalid' };
  return getDb().transaction(async (tx) => {
    const used = await consumeAccountToken(tx, 'verify', token, now);
    if (!used) return { status: 'invalid' } as const;
    const [u] = await tx.select().from(users).where(eq(users.id, used.userId)).limit(1);
    // A link sent to an address the user has since changed proves nothing about the new one.
    if (!u || u.email !== used.email) return { status: 'invalid' } as const;
    if (!u.emailVerifiedAt) await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, u.id));
    return { status: 'verified', userId: u.id, isActive: u.isActive } as const;
  });
}

/** Queues a reset link when the address has an account; the caller answers the same either way. */
export async function requestPasswordReset(email: string, links: LinkContext): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user) {
    // Roughly the work of the other branch, so timing does not reveal the answer.
    await burnPasswordCheck(email);
    return;
  }
  await getDb().transaction(async (tx) => {
    const { token } = await createAccountToken(tx, { userId: user.id, kind: 'reset', email: user.email, ttlMs: RESET_TTL_MS });
    await sendResetMail(tx, recipient(user), resetUrl(links.appUrl, user.defaultLocale, token));
  });
  await burnPasswordCheck(email);
}

/** The address the reset page fills in for a usable link (the link itself carries none). */
export function resetLinkAddress(token: string): Promise<string | null> {
  return resetLinkEmail(getDb(), token);
}

/** Sets a new password with a reset token (once, within 60 minutes) and ends every session of the user. */
export async function resetPassword(input: ResetPasswordInput, locale: Locale): Promise<Outcome<{ userId: number }>> {
  const t = translator(accountMessages, locale);
  const passwordHash = await hashPassword(input.password);
  const userId = await getDb()
    .transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
      if (!u) return null;
      const used = await consumeAccountToken(tx, 'reset', input.token);
      if (!used || used.userId !== u.id || used.email !== u.email) {
        // Leave a token that did not match this address unused (the transaction rolls back).
        if (used) throw new TokenMismatch();
        return null;
      }
      // The link came by e-mail, so following it also proves the address.
      await tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: u.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
        .where(eq(users.id, u.id));
      return u.id;
    })
    .catch((e) => {
      if (e instanceof TokenMismatch) return null;
      throw e;
    });
  if (userId === null) return fail('email', t('v.resetInvalid'));
  await destroyUserSessions(userId);
  return ok({ userId });
}

class TokenMismatch extends Error {}

/** My account: basic data. A new e-mail address must be verified again (a link is sent to it). */
export async function updateBasicData(userId: number, input: BasicDataInput, locale: Locale, links: LinkContext): Promise<Outcome<{ emailChanged: boolean }>> {
  const t = translator(accountMessages, locale);
  const current = await findUserById(userId);
  if (!current) return fail('email', t('msg.userNotFound'));
  const emailChanged = current.email !== input.email;
  if (emailChanged) {
    const other = await findUserByEmail(input.email);
    if (other && other.id !== userId) return fail('email', t('v.emailTaken'));
  }
  try {
    await getDb().transaction(async (tx) => {
      const [u] = await tx
        .update(users)
        .set({
          firstName: input.first_name,
          surname: input.surname,
          phone: input.phone,
          email: input.email,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      if (emailChanged) await queueVerification(tx, u, links);
    });
  } catch (e) {
    if (isUniqueViolation(e)) return fail('email', t('v.emailTaken'));
    throw e;
  }
  return ok({ emailChanged });
}

export async function updateSettings(userId: number, input: { default_locale: Locale }) {
  await getDb().update(users).set({ defaultLocale: input.default_locale, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Changes the password after checking the current one, and ends the user's other sessions. */
export async function changePassword(userId: number, input: ChangePasswordInput, locale: Locale, keepSid: string): Promise<Outcome> {
  const t = translator(accountMessages, locale);
  const u = await findUserById(userId);
  if (!u || !(await verifyPassword(u.passwordHash, input.current_password))) return fail('current_password', t('v.currentPassword'));
  await getDb()
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await destroyUserSessions(userId, keepSid);
  return ok(undefined);
}

export async function updateProfile(userId: number, input: ProfileInput) {
  await getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx
      .select({ isB2bRequest: users.isB2bRequest, b2bGrantedAt: users.b2bGrantedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const [u] = await tx
      .update(users)
      .set({
        company: input.company,
        position: input.position,
        address: input.address,
        city: input.city,
        country: input.country,
        province: input.province,
        postcode: input.postcode,
        taxIdentificationNr: input.tax_identification_nr,
        isB2bRequest: input.is_b2b_request,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    // A request made now (not one repeated, nor by a user who already has access) goes to the CRM.
    if (u && before && u.isB2bRequest && !before.isB2bRequest && !before.b2bGrantedAt) await b2bAccessRequestedWebhook(tx, u, 'profile');
  });
}

/** Queues `customer.b2b_access_requested`: who asks, with the company data a CRM keeps (no password or token). */
async function b2bAccessRequestedWebhook(tx: Db, u: UserRow, source: 'registration' | 'profile') {
  await enqueueWebhook(tx, 'customer.b2b_access_requested', {
    user_id: u.id,
    source,
    requested_at: new Date().toISOString(),
    email: u.email,
    email_verified: u.emailVerifiedAt !== null,
    first_name: u.firstName,
    surname: u.surname,
    locale: u.defaultLocale,
    company: u.company,
    position: u.position,
    tax_identification_nr: u.taxIdentificationNr,
    phone: u.phone,
    address: { street: u.address, city: u.city, postcode: u.postcode, province: u.province, country: u.country },
    marketing_accepted: u.marketingAcceptedAt !== null,
  });
}

/** Gives or withdraws the marketing consent (the required ones stay as given). */
export async function updateConsents(userId: number, input: ConsentsInput) {
  const u = await findUserById(userId);
  if (!u) return;
  const marketingAcceptedAt = input.accepted_marketing ? (u.marketingAcceptedAt ?? new Date()) : null;
  await getDb().update(users).set({ marketingAcceptedAt, updatedAt: new Date() }).where(eq(users.id, userId));
}

// --- The provider's side (the admin users screens and the API, for can.users.update) ---

/** The administrator who made a change (recorded in the change log). */
export interface AccountActor {
  userId: number;
  userEmail: string;
}

async function logUserChange(tx: Db, actor: AccountActor | undefined, userId: number, before: Record<string, unknown>, after: Record<string, unknown>) {
  await recordChange(tx, {
    userId: actor?.userId ?? null,
    userEmail: actor?.userEmail ?? null,
    entity: 'user',
    entityId: userId,
    action: 'update',
    before,
    after,
  });
}

/** Activates an account and queues the "your account is active" mail. False when no such user. */
export async function activateUser(userId: number, links: Pick<LinkContext, 'appUrl'>, actor?: AccountActor): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!u) return false;
    if (u.isActive) return true;
    const now = new Date();
    await tx.update(users).set({ isActive: true, activatedAt: now, updatedAt: now }).where(eq(users.id, userId));
    const appUrl = links.appUrl.replace(/\/$/, '');
    await sendAccountActiveMail(tx, recipient(u), `${appUrl}/${u.defaultLocale}/login`);
    await logUserChange(tx, actor, userId, { isActive: false }, { isActive: true });
    return true;
  });
}

/**
 * Deactivates an account and queues the "your account has been deactivated" mail: its next call
 * answers 406 and its pages lead to wait-for-activation. False when no such user.
 */
export async function deactivateUser(userId: number, actor?: AccountActor, locale: Locale = DEFAULT_LOCALE): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    await lockAdministrators(tx);
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!u) return false;
    if (!u.isActive) return true;
    await assertNotLastAdministrator(tx, userId, locale);
    await tx.update(users).set({ isActive: false, updatedAt: new Date() }).where(eq(users.id, userId));
    await sendAccountInactiveMail(tx, recipient(u));
    await logUserChange(tx, actor, userId, { isActive: true }, { isActive: false });
    return true;
  });
}

/** Grants B2B shop access (with a mail), or revokes it. False when no such user. */
export async function setB2bAccess(userId: number, granted: boolean, links: Pick<LinkContext, 'appUrl'>, actor?: AccountActor): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!u) return false;
    if (granted === (u.b2bGrantedAt !== null)) return true;
    const now = new Date();
    await tx
      .update(users)
      .set({ b2bGrantedAt: granted ? now : null, ...(granted ? { isB2bRequest: false } : {}), updatedAt: now })
      .where(eq(users.id, userId));
    // The catalogue, not the cart: the cart needs the account's company, which may come later (issue 41).
    if (granted) await sendB2bGrantedMail(tx, recipient(u), `${links.appUrl.replace(/\/$/, '')}/${u.defaultLocale}/categories`);
    await logUserChange(
      tx,
      actor,
      userId,
      { b2bGrantedAt: u.b2bGrantedAt, isB2bRequest: u.isB2bRequest },
      { b2bGrantedAt: granted ? now : null, isB2bRequest: granted ? false : u.isB2bRequest },
    );
    return true;
  });
}

/**
 * Creates a verified, active administrator, or promotes an existing account (its password is set
 * to the given one). Used by `npm run admin:create` and by ADMIN_EMAIL/ADMIN_PASSWORD at start.
 */
export async function createOrPromoteAdministrator(input: {
  email: string;
  password: string;
  firstName?: string;
  surname?: string;
}): Promise<{ userId: number; created: boolean }> {
  await ensureRolesAndPermissions();
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return getDb().transaction(async (tx) => {
    const now = new Date();
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for('update');
    let userId: number;
    if (existing) {
      await tx
        .update(users)
        .set({
          passwordHash,
          emailVerifiedAt: existing.emailVerifiedAt ?? now,
          isActive: true,
          activatedAt: existing.activatedAt ?? now,
          updatedAt: now,
        })
        .where(eq(users.id, existing.id));
      userId = existing.id;
    } else {
      const [u] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: input.firstName ?? 'Administrator',
          surname: input.surname ?? 'COBI NET',
          termsAcceptedAt: now,
          privacyAcceptedAt: now,
          rodoAcceptedAt: now,
          emailVerifiedAt: now,
          isActive: true,
          activatedAt: now,
        })
        .returning({ id: users.id });
      userId = u.id;
    }
    await addUserRole(tx, userId, ADMINISTRATOR_ROLE_ID);
    return { userId, created: !existing };
  });
}

/** GET /api/my-account: the logged user (SPEC section 3) with role_ids, has_verified_email, is_active and can. */
export async function myAccount(userId: number) {
  const [u, current] = await Promise.all([findUserById(userId), loadCurrentUser(userId)]);
  if (!u || !current) return null;
  return accountJson(u, current);
}

export function accountJson(u: UserRow, current: CurrentUser) {
  return {
    id: u.id,
    first_name: u.firstName,
    surname: u.surname,
    email: u.email,
    default_locale: u.defaultLocale,
    company: u.company,
    position: u.position,
    address: u.address,
    city: u.city,
    country: u.country,
    province: u.province,
    postcode: u.postcode,
    tax_identification_nr: u.taxIdentificationNr,
    phone: u.phone,
    accepted_terms: u.termsAcceptedAt !== null,
    accepted_privacy: u.privacyAcceptedAt !== null,
    accepted_rodo: u.rodoAcceptedAt !== null,
    accepted_marketing: u.marketingAcceptedAt !== null,
    is_b2b_request: u.isB2bRequest,
    has_b2b_access: u.b2bGrantedAt !== null,
    role_ids: current.roleIds,
    has_verified_email: current.isVerified,
    is_active: current.isActive,
    can: current.can,
  };
}
export type MyAccount = ReturnType<typeof accountJson>;

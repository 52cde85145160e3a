// Administration of the online-training certificates (issue 42; the trainings' permission group):
// the list by status and "expiring soon" and the revocation with a reason, mailed to the holder.
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { pageWithin } from '~/core/http/pagination';
import type { Locale } from '~/core/i18n/locale';
import { escapeLike } from '~/core/text';
import { now } from '~/core/time/clock';
import { addDays, todayInWarsaw } from '~/core/time/days';
import { users } from '~/features/accounts/accounts.schema';
import { CERTIFICATE_REMINDER_DAYS, certificateStatus } from '../rules';
import { certificateRevokedMail } from '../training-mail.server';
import { trainingEnrolments, trainings } from '../trainings.schema';
import { titleOf, tr, trainingsSettings } from '../trainings.server';
import type { CertificateFilter } from '../validation';

export const CERTIFICATES_PER_PAGE = 20;
/** "Expiring soon": valid and ending within the first reminder's days. */
export const EXPIRING_SOON_DAYS = CERTIFICATE_REMINDER_DAYS[0];

const e = trainingEnrolments;

/**
 * The SQL of a status filter: the same rule as certificateStatus() (rules.ts) on the Polish `today`,
 * so the list never shows a certificate under a status the row itself does not show.
 */
export function certificateFilterWhere(filter: CertificateFilter, today: string): SQL {
  const notRevoked = isNull(e.certificateRevokedAt);
  switch (filter) {
    case 'revoked':
      return isNotNull(e.certificateRevokedAt);
    case 'expired':
      return and(notRevoked, lt(e.certificateValidUntil, today)) as SQL;
    case 'expiring':
      return and(notRevoked, gte(e.certificateValidUntil, today), lte(e.certificateValidUntil, addDays(today, EXPIRING_SOON_DAYS))) as SQL;
    default:
      return and(notRevoked, or(isNull(e.certificateValidUntil), gte(e.certificateValidUntil, today))) as SQL;
  }
}

export async function listCertificates(filters: { status?: CertificateFilter; search?: string; trainingId?: number; page: number }, locale: Locale) {
  const db = getDb();
  const today = todayInWarsaw();
  const conds: SQL[] = [isNotNull(e.certificateNumber), isNotNull(e.doneAt)];
  if (filters.status) conds.push(certificateFilterWhere(filters.status, today));
  if (filters.trainingId) conds.push(eq(e.trainingId, filters.trainingId));
  if (filters.search) {
    const like = `%${escapeLike(filters.search)}%`;
    conds.push(or(ilike(users.email, like), ilike(users.surname, like), ilike(users.firstName, like), ilike(e.certificateNumber, like)) as SQL);
  }
  const where = and(...conds);
  const [counted] = await db.select({ n: count() }).from(e).innerJoin(users, eq(users.id, e.userId)).where(where);
  const total = Number(counted?.n ?? 0);
  const shown = pageWithin(filters.page, total, CERTIFICATES_PER_PAGE);
  const rows = await db
    .select({ e, t: trainings, email: users.email, firstName: users.firstName, surname: users.surname })
    .from(e)
    .innerJoin(users, eq(users.id, e.userId))
    .innerJoin(trainings, eq(trainings.id, e.trainingId))
    .where(where)
    .orderBy(filters.status === 'expiring' ? e.certificateValidUntil : desc(e.doneAt), desc(e.id))
    .limit(CERTIFICATES_PER_PAGE)
    .offset(shown.offset);
  const items = rows.map((r) => ({
    id: r.e.id,
    number: r.e.certificateNumber as string,
    /** The random code of the public check's link (the admin may open or send it). */
    code: r.e.certificateCode,
    holder: `${r.firstName} ${r.surname}`.trim(),
    email: r.email,
    training: titleOf(r.t, locale),
    issued_at: (r.e.doneAt as Date).toISOString(),
    valid_until: r.e.certificateValidUntil,
    status: certificateStatus({ validUntil: r.e.certificateValidUntil, revokedAt: r.e.certificateRevokedAt }, today),
    revoked_at: r.e.certificateRevokedAt?.toISOString() ?? null,
    revoke_reason: r.e.certificateRevokeReason,
  }));
  return { items, pages: shown.pages, page: shown.page, total };
}

/**
 * Revokes a certificate (the enrolment's id) with a reason; the holder is mailed in their language.
 * A second revocation (also two at once) is refused: the update asks the row not to be revoked yet.
 */
export async function revokeCertificate(enrolmentId: number, reason: string, locale: Locale) {
  const t = tr(locale);
  await getDb().transaction(async (tx) => {
    const at = now();
    const [done] = await tx
      .update(e)
      .set({ certificateRevokedAt: at, certificateRevokeReason: reason, updatedAt: at })
      .where(and(eq(e.id, enrolmentId), isNotNull(e.certificateNumber), isNull(e.certificateRevokedAt)))
      .returning();
    if (!done) {
      const [row] = await tx.select({ revokedAt: e.certificateRevokedAt, number: e.certificateNumber }).from(e).where(eq(e.id, enrolmentId));
      if (!row?.number) throw new HttpError(404, t('cert.adminNotFound'));
      throw new HttpError(409, t('cert.alreadyRevoked'));
    }
    const [r] = await tx
      .select({ t: trainings, u: users })
      .from(trainings)
      .innerJoin(users, eq(users.id, done.userId))
      .where(eq(trainings.id, done.trainingId));
    if (!r) return;
    await certificateRevokedMail(
      tx,
      { email: r.u.email, locale: done.locale },
      {
        name: r.u.firstName,
        number: done.certificateNumber as string,
        title: titleOf(r.t, done.locale),
        reason,
        url: `${trainingsSettings().siteUrl}/${done.locale}/certificates/${done.certificateCode}`,
      },
    );
  });
}

// The expiry reminders of certificates (issue 42): 90, 30 and 7 days before the last valid day the
// holder is mailed once each, in the language of their enrolment, with a link to the training.
// Run by the hourly sweep (core/maintenance, registered in server.server.ts).
import { and, eq, gt, gte, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { addDays, daysBetween, warsawDay } from '~/core/time/days';
import { users } from '~/features/accounts/accounts.schema';
import { CERTIFICATE_REMINDER_DAYS, dueReminder } from './rules';
import { certificateExpiryMail } from './training-mail.server';
import { trainingEnrolments as e, trainings } from './trainings.schema';
import { titleOf, trainingsSettings } from './trainings.server';

/** Mails the reminders due at `at`; returns how many were sent. Parallel sweeps send each once. */
export async function sweepCertificateReminders(at: Date): Promise<number> {
  const db = getDb();
  const today = warsawDay(at);
  const last = CERTIFICATE_REMINDER_DAYS[CERTIFICATE_REMINDER_DAYS.length - 1] as number;
  const rows = await db
    .select({ id: e.id, validUntil: e.certificateValidUntil, sent: e.certificateReminderDays })
    .from(e)
    .where(
      and(
        isNotNull(e.certificateNumber),
        isNull(e.certificateRevokedAt),
        gte(e.certificateValidUntil, today),
        lte(e.certificateValidUntil, addDays(today, CERTIFICATE_REMINDER_DAYS[0])),
        or(isNull(e.certificateReminderDays), gt(e.certificateReminderDays, last)),
      ),
    );
  let sent = 0;
  for (const r of rows) {
    const due = dueReminder(daysBetween(today, r.validUntil as string), r.sent);
    if (due === null) continue;
    const done = await db.transaction(async (tx) => {
      // Only the sweep that moves the mark sends the mail.
      const [claimed] = await tx
        .update(e)
        .set({ certificateReminderDays: due })
        .where(and(eq(e.id, r.id), isNull(e.certificateRevokedAt), or(isNull(e.certificateReminderDays), gt(e.certificateReminderDays, due))))
        .returning();
      if (!claimed) return false;
      const [who] = await tx
        .select({ t: trainings, u: users })
        .from(trainings)
        .innerJoin(users, eq(users.id, claimed.userId))
        .where(eq(trainings.id, claimed.trainingId));
      if (!who) return false;
      await certificateExpiryMail(
        tx,
        { email: who.u.email, locale: claimed.locale },
        {
          name: who.u.firstName,
          number: claimed.certificateNumber as string,
          title: titleOf(who.t, claimed.locale),
          validUntil: claimed.certificateValidUntil as string,
          days: daysBetween(today, claimed.certificateValidUntil as string),
          url: `${trainingsSettings().siteUrl}/${claimed.locale}/training/${who.t.id}-${who.t.slug}`,
        },
      );
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

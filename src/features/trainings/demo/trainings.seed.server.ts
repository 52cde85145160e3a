// Demo online trainings: copper installation and fibre splicing basics, each with 3 modules of
// real lesson text, a final quiz and 15 questions (some with several correct answers).
import { randomBytes } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { Seeder } from '~/core/seed.server';
import { now } from '~/core/time/clock';
import { addDays, todayInWarsaw } from '~/core/time/days';
import { users } from '~/features/accounts/accounts.schema';
import { hashPassword } from '~/features/accounts/password.server';
import { certificateNumberOf, certificateValidUntil } from '../rules';
import { trainingAnswers, trainingEnrolments, trainingModules, trainingPoints, trainingQuestions, trainings } from '../trainings.schema';
import { DEMO_TRAININGS, type DemoTraining } from './trainings-data';

export async function seedTraining(d: DemoTraining, position: number): Promise<number> {
  const db = getDb();
  const [t] = await db
    .insert(trainings)
    .values({
      slug: d.slug,
      titlePl: d.title.pl,
      titleEn: d.title.en,
      descriptionPl: d.description.pl,
      descriptionEn: d.description.en,
      accessDays: 90,
      quizAttempts: 3,
      passPercent: 70,
      questionsPerAttempt: 10,
      timeLimitMinutes: 30,
      position,
    })
    .returning({ id: trainings.id });
  if (!t) throw new Error('training not inserted');
  for (const [mi, m] of d.modules.entries()) {
    const [mod] = await db
      .insert(trainingModules)
      .values({ trainingId: t.id, titlePl: m.title.pl, titleEn: m.title.en, position: mi })
      .returning({ id: trainingModules.id });
    if (!mod) continue;
    const points: (typeof trainingPoints.$inferInsert)[] = m.lessons.map((ls, pi) => ({
      moduleId: mod.id,
      trainingId: t.id,
      kind: 'lesson' as const,
      titlePl: ls.title.pl,
      titleEn: ls.title.en,
      contentPl: ls.content.pl,
      contentEn: ls.content.en,
      videoUrl: ls.video ?? null,
      position: pi,
    }));
    if (mi === d.modules.length - 1)
      points.push({
        moduleId: mod.id,
        trainingId: t.id,
        kind: 'quiz',
        titlePl: 'Test końcowy',
        titleEn: 'Final quiz',
        contentPl: '',
        contentEn: '',
        videoUrl: null,
        position: points.length,
      });
    await db.insert(trainingPoints).values(points);
  }
  for (const [qi, q] of d.questions.entries()) {
    const multiple = q.answers.filter(([, ok]) => ok).length > 1;
    const [row] = await db
      .insert(trainingQuestions)
      .values({ trainingId: t.id, textPl: q.text.pl, textEn: q.text.en, multiple, position: qi })
      .returning({ id: trainingQuestions.id });
    if (!row) continue;
    await db.insert(trainingAnswers).values(q.answers.map(([a, ok], ai) => ({ questionId: row.id, textPl: a.pl, textEn: a.en, isCorrect: ok, position: ai })));
  }
  return t.id;
}

export const trainingsSeeder: Seeder = {
  name: 'online trainings',
  async hasContent() {
    const [r] = await getDb().select({ n: count() }).from(trainings);
    return Number(r?.n ?? 0) > 0;
  },
  async seed(log) {
    const ids: number[] = [];
    for (const [i, d] of DEMO_TRAININGS.entries()) ids.push(await seedTraining(d, i));
    await seedDemoCertificates(ids);
    log(`  ${DEMO_TRAININGS.length} online trainings, 2 certificates (one expired)`);
  },
};

/** The demo installer holding certificates (issue 42); no one can log in as them (a random password). */
export const DEMO_INSTALLER = { email: 'instalator@example.com', firstName: 'Marek', surname: 'Instalator' };

/**
 * Two certificates of the demo installer, to show the public check: the first training's, valid for
 * 24 months from 100 days ago, and the second's, issued 25 months ago with 24 months' validity, so
 * expired. Random codes as issued ones; the admin's certificate list shows them.
 */
async function seedDemoCertificates(trainingIds: number[]) {
  const db = getDb();
  const [first, second] = trainingIds;
  if (first === undefined || second === undefined) return;
  await db.update(trainings).set({ certificateValidMonths: 24 }).where(inArray(trainings.id, trainingIds));
  const at = now();
  const [u] = await db
    .insert(users)
    .values({
      email: DEMO_INSTALLER.email,
      passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
      firstName: DEMO_INSTALLER.firstName,
      surname: DEMO_INSTALLER.surname,
      company: 'Instal-Net Sp. z o.o.',
      termsAcceptedAt: at,
      privacyAcceptedAt: at,
      rodoAcceptedAt: at,
      emailVerifiedAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!u) return;
  const today = todayInWarsaw();
  const issue = async (trainingId: number, issuedDay: string) => {
    const doneAt = new Date(`${issuedDay}T10:00:00Z`);
    const [e] = await db
      .insert(trainingEnrolments)
      .values({ trainingId, userId: u.id, status: 'accepted', acceptedAt: doneAt, startedAt: doneAt, doneAt })
      .returning({ id: trainingEnrolments.id });
    if (!e) return;
    await db
      .update(trainingEnrolments)
      .set({
        certificateNumber: certificateNumberOf(Number(issuedDay.slice(0, 4)), e.id),
        certificateCode: randomBytes(16).toString('hex'),
        certificateValidUntil: certificateValidUntil(issuedDay, 24),
      })
      .where(eq(trainingEnrolments.id, e.id));
  };
  await issue(first, addDays(today, -100));
  await issue(second, addDays(today, -(25 * 31)));
}

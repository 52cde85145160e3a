// Demo online trainings: copper installation and fibre splicing basics, each with 3 modules of
// real lesson text, a final quiz and 15 questions (some with several correct answers).
import { count } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { Seeder } from '~/core/seed.server';
import { trainingAnswers, trainingModules, trainingPoints, trainingQuestions, trainings } from '../trainings.schema';
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
    for (const [i, d] of DEMO_TRAININGS.entries()) await seedTraining(d, i);
    log(`  ${DEMO_TRAININGS.length} online trainings`);
  },
};

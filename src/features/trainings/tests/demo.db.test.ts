// The demo seeder: two trainings, each with 3 modules of lessons, one final quiz and 15 questions
// whose correct answers are marked (at least one per question; several only on multiple ones).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';
import { trainingsSeeder } from '../demo/trainings.seed.server';
import { trainingAnswers, trainingModules, trainingPoints, trainingQuestions, trainings } from '../trainings.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('trainingsSeeder', () => {
  it('seeds two complete trainings into an empty database, once', async () => {
    expect(await trainingsSeeder.hasContent()).toBe(false);
    await trainingsSeeder.seed(() => {});
    expect(await trainingsSeeder.hasContent()).toBe(true);
    const rows = await getDb().select().from(trainings);
    expect(rows.map((r) => r.slug).sort()).toEqual(['instalacja-okablowania-miedzianego', 'podstawy-spawania-swiatlowodow']);
    for (const tr of rows) {
      expect(await getDb().select().from(trainingModules).where(eq(trainingModules.trainingId, tr.id))).toHaveLength(3);
      const points = await getDb().select().from(trainingPoints).where(eq(trainingPoints.trainingId, tr.id));
      expect(points.filter((p) => p.kind === 'quiz')).toHaveLength(1);
      expect(points.filter((p) => p.kind === 'lesson' && p.contentPl.length > 200 && p.contentEn.length > 200).length).toBeGreaterThanOrEqual(5);
      const qs = await getDb().select().from(trainingQuestions).where(eq(trainingQuestions.trainingId, tr.id));
      expect(qs).toHaveLength(15);
      for (const q of qs) {
        const correct = (await getDb().select().from(trainingAnswers).where(eq(trainingAnswers.questionId, q.id))).filter((a) => a.isCorrect).length;
        expect(correct).toBeGreaterThan(0);
        expect(correct > 1).toBe(q.multiple);
      }
    }
  });
});

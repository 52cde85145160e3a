import { getDb } from '~/core/db/db.server';
import { trainingAnswers, trainingModules, trainingPoints, trainingQuestions, trainings } from '../trainings.schema';

let n = 0;

export interface TestTraining {
  id: number;
  slug: string;
  lessons: number[];
  quiz: number;
  /** questionId -> correct answer ids. */
  correct: Map<number, number[]>;
  /** questionId -> a wrong answer id. */
  wrong: Map<number, number>;
  multipleId: number;
}

/**
 * A training with two modules (lessons L1, L2 | lesson L3, quiz) and 4 questions, one of them
 * with two correct answers. All 4 questions are drawn; pass mark 75% (3 of 4).
 */
export async function createTraining(
  opts: { attempts?: number; accessDays?: number; timeLimit?: number | null; isActive?: boolean; questionnaire?: boolean } = {},
): Promise<TestTraining> {
  n += 1;
  const db = getDb();
  const slug = `szkolenie-testowe-${n}-${Math.random().toString(36).slice(2, 6)}`;
  const [t] = await db
    .insert(trainings)
    .values({
      slug,
      titlePl: 'Instalacja okablowania miedzianego',
      titleEn: 'Copper cabling installation',
      descriptionPl: '<p>Opis</p>',
      accessDays: opts.accessDays ?? 30,
      quizAttempts: opts.attempts ?? 2,
      passPercent: 75,
      questionsPerAttempt: 4,
      timeLimitMinutes: opts.timeLimit ?? null,
      questionnaireEnabled: opts.questionnaire ?? true,
      isActive: opts.isActive ?? true,
    })
    .returning();
  if (!t) throw new Error('no training');
  const [m1] = await db.insert(trainingModules).values({ trainingId: t.id, titlePl: 'Moduł 1', titleEn: 'Module 1', position: 0 }).returning();
  const [m2] = await db.insert(trainingModules).values({ trainingId: t.id, titlePl: 'Moduł 2', titleEn: 'Module 2', position: 1 }).returning();
  if (!m1 || !m2) throw new Error('no modules');
  const point = async (moduleId: number, kind: 'lesson' | 'quiz', title: string, position: number) => {
    const [p] = await db
      .insert(trainingPoints)
      .values({
        moduleId,
        trainingId: t.id,
        kind,
        titlePl: title,
        titleEn: `${title} EN`,
        contentPl: `<p>Treść ${title}</p>`,
        contentEn: `<p>Content ${title}</p>`,
        position,
      })
      .returning();
    if (!p) throw new Error('no point');
    return p.id;
  };
  const l1 = await point(m1.id, 'lesson', 'Lekcja 1', 0);
  const l2 = await point(m1.id, 'lesson', 'Lekcja 2', 1);
  const l3 = await point(m2.id, 'lesson', 'Lekcja 3', 0);
  const quiz = await point(m2.id, 'quiz', 'Test końcowy', 1);
  const correct = new Map<number, number[]>();
  const wrong = new Map<number, number>();
  let multipleId = 0;
  for (let i = 0; i < 4; i++) {
    const multiple = i === 1;
    const [q] = await db
      .insert(trainingQuestions)
      .values({ trainingId: t.id, textPl: `Pytanie ${i + 1}`, textEn: `Question ${i + 1}`, multiple, position: i })
      .returning();
    if (!q) throw new Error('no question');
    if (multiple) multipleId = q.id;
    const answers = await db
      .insert(trainingAnswers)
      .values([
        { questionId: q.id, textPl: 'A', textEn: 'A', isCorrect: true, position: 0 },
        { questionId: q.id, textPl: 'B', textEn: 'B', isCorrect: multiple, position: 1 },
        { questionId: q.id, textPl: 'C', textEn: 'C', isCorrect: false, position: 2 },
      ])
      .returning();
    correct.set(
      q.id,
      answers.filter((a) => a.isCorrect).map((a) => a.id),
    );
    wrong.set(q.id, answers.find((a) => !a.isCorrect)?.id ?? 0);
  }
  return { id: t.id, slug, lessons: [l1, l2, l3], quiz, correct, wrong, multipleId };
}

/** All answers right. */
export function rightAnswers(t: TestTraining): Record<string, number[]> {
  return Object.fromEntries([...t.correct].map(([q, a]) => [String(q), a]));
}

/** `wrongCount` questions answered wrongly, the rest right. */
export function answersWithWrong(t: TestTraining, wrongCount: number): { answers: Record<string, number[]>; wrongIds: number[] } {
  const ids = [...t.correct.keys()];
  const wrongIds = ids.slice(0, wrongCount);
  const answers = Object.fromEntries(ids.map((q) => [String(q), wrongIds.includes(q) ? [t.wrong.get(q) ?? 0] : (t.correct.get(q) ?? [])]));
  return { answers, wrongIds };
}

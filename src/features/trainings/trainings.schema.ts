import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { files } from '~/core/files/files.schema';
import { users } from '~/features/accounts/accounts.schema';

/**
 * Online trainings (SPEC sections 1, 2, 4): a training has ordered modules, a module has ordered
 * points (a lesson or the quiz). Quiz settings live on the training.
 */
export const trainings = pgTable(
  'trainings',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    titlePl: text('title_pl').notNull(),
    titleEn: text('title_en').notNull().default(''),
    descriptionPl: text('description_pl').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** The picture on the trainings list and the training page (a stored image, public while active). */
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Days of access counted from the acceptance. */
    accessDays: integer('access_days').notNull().default(90),
    /** Attempts of the quiz a learner has (until an admin resets them). */
    quizAttempts: integer('quiz_attempts').notNull().default(3),
    /** Pass mark in percent of the drawn questions. */
    passPercent: integer('pass_percent').notNull().default(70),
    /** Questions drawn for one attempt (all when fewer exist). */
    questionsPerAttempt: integer('questions_per_attempt').notNull().default(10),
    /** Minutes; null: no limit. */
    timeLimitMinutes: integer('time_limit_minutes'),
    questionnaireEnabled: boolean('questionnaire_enabled').notNull().default(true),
    /** Months a certificate of this training is valid from its issue (issue 42); null: no expiry. */
    certificateValidMonths: integer('certificate_valid_months'),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('trainings_slug_unique').on(t.slug),
    check('trainings_access_days_positive', sql`${t.accessDays} > 0`),
    check('trainings_attempts_positive', sql`${t.quizAttempts} > 0`),
    check('trainings_pass_percent_range', sql`${t.passPercent} between 1 and 100`),
    check('trainings_questions_positive', sql`${t.questionsPerAttempt} > 0`),
    check('trainings_time_limit_positive', sql`${t.timeLimitMinutes} is null or ${t.timeLimitMinutes} > 0`),
    check('trainings_certificate_months_range', sql`${t.certificateValidMonths} is null or ${t.certificateValidMonths} between 1 and 600`),
  ],
);

export const trainingModules = pgTable(
  'training_modules',
  {
    id: serial('id').primaryKey(),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    titlePl: text('title_pl').notNull(),
    titleEn: text('title_en').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('training_modules_training_idx').on(t.trainingId, t.position)],
);

export const POINT_KINDS = ['lesson', 'quiz'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export const trainingPoints = pgTable(
  'training_points',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => trainingModules.id, { onDelete: 'cascade' }),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PointKind>().notNull().default('lesson'),
    titlePl: text('title_pl').notNull(),
    titleEn: text('title_en').notNull().default(''),
    /** Sanitised rich text. */
    contentPl: text('content_pl').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    /** An embeddable video URL (YouTube/Vimeo), shown behind the consent gate. */
    videoUrl: text('video_url'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('training_points_module_idx').on(t.moduleId, t.position),
    index('training_points_training_idx').on(t.trainingId),
    check('training_points_kind_known', sql`${t.kind} in ('lesson', 'quiz')`),
  ],
);

/**
 * Attachments of a lesson (files the admin adds to a point): downloaded only by learners who may
 * open the point (accepted, not expired, unlocked) through /api/training-points/{id}/files/{fileId}.
 */
export const trainingPointFiles = pgTable(
  'training_point_files',
  {
    pointId: integer('point_id')
      .notNull()
      .references(() => trainingPoints.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.fileId] }), index('training_point_files_file_idx').on(t.fileId)],
);

/** Quiz questions of a training; answers hold which are correct (never sent to a learner). */
export const trainingQuestions = pgTable(
  'training_questions',
  {
    id: serial('id').primaryKey(),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    textPl: text('text_pl').notNull(),
    textEn: text('text_en').notNull().default(''),
    /** More than one correct answer. */
    multiple: boolean('multiple').notNull().default(false),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('training_questions_training_idx').on(t.trainingId, t.position)],
);

export const trainingAnswers = pgTable(
  'training_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => trainingQuestions.id, { onDelete: 'cascade' }),
    textPl: text('text_pl').notNull(),
    textEn: text('text_en').notNull().default(''),
    isCorrect: boolean('is_correct').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('training_answers_question_idx').on(t.questionId, t.position)],
);

export const ENROLMENT_STATUSES = ['pending', 'accepted', 'refused'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** A user's participation in a training (started = the row exists). */
export const trainingEnrolments = pgTable(
  'training_enrolments',
  {
    id: serial('id').primaryKey(),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<EnrolmentStatus>().notNull().default('pending'),
    locale: text('locale').$type<'pl' | 'en'>().notNull().default('pl'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Attempts started before this moment do not count (an admin's reset). */
    attemptsResetAt: timestamp('attempts_reset_at', { withTimezone: true }),
    questionnaireAt: timestamp('questionnaire_at', { withTimezone: true }),
    certificateNumber: text('certificate_number'),
    /** The random part of the public verification address (32 hex digits, 128 bits): the number alone shows nothing. */
    certificateCode: text('certificate_code'),
    /** The last day (Polish calendar, inclusive) the certificate is valid; null: no expiry (issue 42). */
    certificateValidUntil: date('certificate_valid_until', { mode: 'string' }),
    certificateRevokedAt: timestamp('certificate_revoked_at', { withTimezone: true }),
    certificateRevokeReason: text('certificate_revoke_reason'),
    /** The last expiry reminder mailed (90, 30 or 7 days before); each is sent once. */
    certificateReminderDays: integer('certificate_reminder_days'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('training_enrolments_one_per_user').on(t.trainingId, t.userId),
    uniqueIndex('training_enrolments_certificate_unique').on(t.certificateNumber),
    uniqueIndex('training_enrolments_certificate_code_unique').on(t.certificateCode),
    index('training_enrolments_user_idx').on(t.userId),
    check('training_enrolments_status_known', sql`${t.status} in ('pending', 'accepted', 'refused')`),
    check('training_enrolments_revoke_reason', sql`(${t.certificateRevokedAt} is null) = (${t.certificateRevokeReason} is null)`),
    index('training_enrolments_certificate_valid_until_idx').on(t.certificateValidUntil),
  ],
);

/** Lessons a learner marked complete. */
export const trainingProgress = pgTable(
  'training_progress',
  {
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => trainingEnrolments.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => trainingPoints.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enrolmentId, t.pointId] })],
);

export const ATTEMPT_STATUSES = ['open', 'passed', 'failed', 'stopped'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** One quiz attempt: the drawn questions, the given answers and the result. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => trainingEnrolments.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => trainingPoints.id, { onDelete: 'cascade' }),
    /** 1-based number among the counted attempts (since the last reset). */
    number: integer('number').notNull(),
    /** Reset by an admin: no longer counted. */
    voided: boolean('voided').notNull().default(false),
    status: text('status').$type<AttemptStatus>().notNull().default('open'),
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
    /** questionId -> chosen answer ids. */
    answers: jsonb('answers').$type<Record<string, number[]>>(),
    score: integer('score'),
    required: integer('required').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('quiz_attempts_enrolment_idx').on(t.enrolmentId, t.startedAt),
    uniqueIndex('quiz_attempts_number_unique').on(t.enrolmentId, t.number).where(sql`${t.voided} = false`),
    uniqueIndex('quiz_attempts_one_open').on(t.enrolmentId).where(sql`${t.status} = 'open' and ${t.voided} = false`),
    check('quiz_attempts_status_known', sql`${t.status} in ('open', 'passed', 'failed', 'stopped')`),
  ],
);

/** Learners' questions under a point and the trainer's answers. */
export const trainingComments = pgTable(
  'training_comments',
  {
    id: serial('id').primaryKey(),
    pointId: integer('point_id')
      .notNull()
      .references(() => trainingPoints.id, { onDelete: 'cascade' }),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_comments_point_idx').on(t.pointId, t.createdAt), index('training_comments_user_idx').on(t.userId)],
);

/** Anonymous questionnaire answers (no link to the user; the enrolment's questionnaire_at guards once). */
export const trainingQuestionnaireResponses = pgTable(
  'training_questionnaire_responses',
  {
    id: serial('id').primaryKey(),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    /** Rating per question key (1..5). */
    ratings: jsonb('ratings').$type<Record<string, number>>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_questionnaire_training_idx').on(t.trainingId)],
);

export type TrainingRow = typeof trainings.$inferSelect;
export type TrainingModuleRow = typeof trainingModules.$inferSelect;
export type TrainingPointRow = typeof trainingPoints.$inferSelect;
export type TrainingQuestionRow = typeof trainingQuestions.$inferSelect;
export type TrainingAnswerRow = typeof trainingAnswers.$inferSelect;
export type EnrolmentRow = typeof trainingEnrolments.$inferSelect;
export type QuizAttemptRow = typeof quizAttempts.$inferSelect;

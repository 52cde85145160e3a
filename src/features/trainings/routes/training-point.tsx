import { useState } from 'react';
import { data, Link, redirect, useRevalidator } from 'react-router';
import { contactPath } from '~/core/company';
import { consentFromRequest } from '~/core/consent/consent';
import { ConsentGate } from '~/core/consent/consent-gate';
import { EmbedHtml } from '~/core/consent/embed-html';
import { type VideoPosters, videoPoster, videoPosterMessages, youtubeIdOfEmbed, youtubeIdsInHtml } from '~/core/consent/video-posters';
import { api } from '~/core/http/api-client';
import { HttpError } from '~/core/http/errors';
import { formatFileSize } from '~/core/i18n/file-size';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { PageHeader } from '~/core/ui/page-header';
import { videoPostersFor } from '~/features/content/media.server';
import { balanceHeadings } from '~/core/html/sanitize.server';
import { ExpiredScreen, idOfSlug, modulePath, pointPath, trainingPath } from '../components/bits';
import { trainingMessages } from '../messages';
import { accessOf, getLearnerPoint, getLearnerTraining, listComments, quizStatus, slugOf, trainingOfPoint } from '../trainings.server';
import type { Route } from './+types/training-point';
import { formatTime } from '~/core/time/format';
import { Button, dangerButton } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const title = loaderData && 'point' in loaderData && loaderData.point ? loaderData.point.title : translator(trainingMessages, layout.locale)('list.title');
  return seoMeta({ ...layout, path: '/trainings', title, robots: 'noindex' });
}

/** /{locale}/training-point/{id}-{slug}: a lesson or the quiz, with the comments. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const id = idOfSlug(args.params.idSlug);
  const trainingId = id ? await trainingOfPoint(id) : null;
  if (!id || !trainingId) throw data(null, { status: 404 });
  let training: Awaited<ReturnType<typeof getLearnerTraining>>;
  try {
    training = await getLearnerTraining(trainingId, user.id, locale);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
  const access = await accessOf(trainingId, user.id);
  if (access === 'expired') return { kind: 'expired' as const, training: { id: training.id, title: training.title, expires_at: training.expires_at } };
  if (access !== 'accepted') throw redirect(trainingPath(locale, training.id, training.slug));
  try {
    const stored = await getLearnerPoint(id, user.id, locale);
    // The lesson sits right under the page's h1: its headings start at h2 (W3C, issue 41 point 23).
    const point = { ...stored, content: balanceHeadings(stored.content ?? '') };
    const expected = `${id}-${slugOf(point.title)}`;
    if (args.params.idSlug !== expected) throw redirect(pointPath(locale, id, slugOf(point.title)), 301);
    const quiz = point.kind === 'quiz' ? await quizStatus(id, user.id, locale) : null;
    const comments = await listComments(id, user.id, locale);
    // The stored stills of the lesson's videos, shown under the consent notice while they are blocked.
    const videoIds = [...youtubeIdsInHtml(point.content ?? ''), youtubeIdOfEmbed(point.video_url)].filter((v): v is string => !!v);
    const posters = await videoPostersFor(videoIds, locale);
    return { kind: 'point' as const, point, quiz, comments, posters, consent: consentFromRequest(args.request), trainingSlug: training.slug };
  } catch (e) {
    if (e instanceof HttpError && e.status === 423)
      return { kind: 'locked' as const, message: e.message, training: { id: training.id, title: training.title, slug: training.slug } };
    throw e;
  }
}

export default function TrainingPoint({ loaderData }: Route.ComponentProps) {
  const t = useT(trainingMessages);
  const locale = useLocale();
  if (loaderData.kind === 'expired')
    return <ExpiredScreen trainingId={loaderData.training.id} title={loaderData.training.title} expiresAt={loaderData.training.expires_at} />;
  if (loaderData.kind === 'locked') {
    const tr = loaderData.training;
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <div className="rounded-lg border border-slate-300 bg-white p-6 shadow-sm" data-locked-notice>
          <h1 className="text-xl font-semibold text-slate-900">{t('tr.locked')}</h1>
          <p className="mt-2 text-slate-700">{loaderData.message}</p>
          <Link to={trainingPath(locale, tr.id, tr.slug)} className="mt-4 inline-block font-semibold text-brand-800 underline">
            {t('tr.backToTraining')}
          </Link>
        </div>
      </div>
    );
  }
  const { point, quiz, comments, posters, consent, trainingSlug } = loaderData;
  return (
    <>
      <PageHeader
        title={point.title}
        crumbs={[
          { to: `/${locale}/trainings`, label: t('list.title') },
          { to: trainingPath(locale, point.training.id, trainingSlug), label: point.training.title },
          { to: modulePath(locale, point.module.id, point.module.title), label: point.module.title },
        ]}
      />
      <div className="mx-auto max-w-4xl px-4 py-10">
        {point.kind === 'lesson' ? (
          <Lesson point={point} consent={consent} posters={posters} />
        ) : quiz ? (
          <Quiz pointId={point.id} status={quiz} trainingTitle={point.training.title} />
        ) : null}
        <nav aria-label={t('tr.modules')} className="mt-10 flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-6">
          {point.prev ? (
            <Link to={pointPath(locale, point.prev.id, point.prev.slug)} className="text-sm font-semibold text-brand-800 hover:underline">
              ← {t('pt.prev')}: {point.prev.title}
            </Link>
          ) : (
            <span />
          )}
          {point.next ? (
            <Link to={pointPath(locale, point.next.id, point.next.slug)} className="text-sm font-semibold text-brand-800 hover:underline">
              {t('pt.next')}: {point.next.title} →
            </Link>
          ) : (
            <Link to={trainingPath(locale, point.training.id, trainingSlug)} className="text-sm font-semibold text-brand-800 hover:underline">
              {t('tr.backToTraining')}
            </Link>
          )}
        </nav>
        <Comments pointId={point.id} items={comments} />
      </div>
    </>
  );
}

interface LessonAttachment {
  id: string;
  name: string;
  size: number;
  url: string;
}

function Lesson({
  point,
  consent,
  posters,
}: {
  point: { id: number; content: string; video_url: string | null; is_done: boolean; attachments: LessonAttachment[] };
  consent: ReturnType<typeof consentFromRequest>;
  posters: VideoPosters;
}) {
  const t = useT(trainingMessages);
  const p = useT(videoPosterMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  return (
    <article>
      <EmbedHtml html={point.content} serverConsent={consent} posters={posters} className="text-slate-800" />
      {point.video_url ? (
        <section aria-label={t('pt.video')} className="mt-8">
          <ConsentGate
            kind="video"
            serverConsent={consent}
            className="aspect-video w-full"
            poster={videoPoster(youtubeIdOfEmbed(point.video_url), posters, (title) => p('alt', { title }))}
          >
            <iframe src={point.video_url} title={t('pt.video')} className="aspect-video w-full rounded-lg" allowFullScreen loading="lazy" />
          </ConsentGate>
        </section>
      ) : null}
      {point.attachments.length > 0 ? (
        <section aria-labelledby="lesson-attachments" className="mt-8" data-lesson-attachments>
          <h2 id="lesson-attachments" className="text-lg font-semibold text-slate-900">
            {t('pt.attachments')}
          </h2>
          <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {point.attachments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <a href={a.url} download={a.name} className="font-medium text-brand-800 underline hover:text-brand-900">
                  {a.name}
                </a>
                <span className="text-xs text-slate-600">{formatFileSize(a.size, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-8 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
        {point.is_done ? <span className="font-medium text-green-800">✓ {t('tr.done')}</span> : null}
        <Button
          variant={point.is_done ? 'secondary' : 'primary'}
          data-complete-toggle
          onClick={async () => {
            const res = await api(`/api/training-points/${point.id}/complete`, { method: point.is_done ? 'DELETE' : 'POST' });
            if (res.ok) await revalidator.revalidate();
          }}
        >
          {point.is_done ? t('pt.markUndone') : t('pt.markDone')}
        </Button>
      </div>
    </article>
  );
}

interface Question {
  id: number;
  text: string;
  multiple: boolean;
  answers: { id: number; text: string }[];
}
interface Result {
  passed: boolean;
  score: number;
  required: number;
  total: number;
  timed_out: boolean;
  attempts_left: number;
  wrong_questions: { id: number; text: string }[];
}

function Quiz({ pointId, status, trainingTitle }: { pointId: number; status: Awaited<ReturnType<typeof quizStatus>>; trainingTitle: string }) {
  const t = useT(trainingMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [attempt, setAttempt] = useState<{ attempt_id: number; deadline_at: string | null; questions: Question[] } | null>(null);
  const [chosen, setChosen] = useState<Record<string, number[]>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    const res = await api<{ attempt_id: number; deadline_at: string | null; questions: Question[] }>(`/api/training-points/${pointId}/quiz/start`, {
      method: 'POST',
    });
    setBusy(false);
    if (res.ok) {
      setAttempt(res.data);
      setChosen({});
      setResult(null);
    }
  };
  const finish = async () => {
    if (!attempt) return;
    setBusy(true);
    const res = await api<Result>(`/api/quiz-attempts/${attempt.attempt_id}/finish`, { method: 'POST', body: { answers: chosen }, json: true });
    setBusy(false);
    if (res.ok) {
      setResult(res.data);
      setAttempt(null);
      window.scrollTo({ top: 0 });
      if (res.data.passed) await revalidator.revalidate();
    }
  };
  const stop = async () => {
    if (!attempt) return;
    const res = await api(`/api/quiz-attempts/${attempt.attempt_id}/stop`, { method: 'POST' });
    if (res.ok) {
      setAttempt(null);
      await revalidator.revalidate();
    }
  };

  if (status.passed && !result)
    return (
      <Notice kind="success" role="note" className="font-medium">
        {t('quiz.passedBefore')}
      </Notice>
    );

  if (attempt) {
    return (
      <form
        data-quiz-form
        onSubmit={(e) => {
          e.preventDefault();
          void finish();
        }}
      >
        {attempt.deadline_at ? (
          <Notice kind="warning" role="note" className="mb-4">
            {t('quiz.deadline', { time: formatTime(attempt.deadline_at, locale, 'deadline') })}
          </Notice>
        ) : null}
        <ol className="space-y-6">
          {attempt.questions.map((q, i) => (
            <li key={q.id}>
              <fieldset data-question-id={q.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                <legend className="px-1 text-sm font-semibold text-brand-900">{t('quiz.question', { n: i + 1 })}</legend>
                <p className="font-medium text-slate-900">{q.text}</p>
                <p className="mt-1 text-xs text-slate-600">{q.multiple ? t('quiz.multiple') : t('quiz.single')}</p>
                <div className="mt-3 space-y-2">
                  {q.answers.map((a) => {
                    const key = String(q.id);
                    const on = chosen[key]?.includes(a.id) ?? false;
                    return (
                      <label
                        key={a.id}
                        className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-sm hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                      >
                        <input
                          type={q.multiple ? 'checkbox' : 'radio'}
                          name={`q-${q.id}`}
                          value={a.id}
                          checked={on}
                          onChange={() => {
                            const cur = chosen[key] ?? [];
                            setChosen({ ...chosen, [key]: q.multiple ? (on ? cur.filter((x) => x !== a.id) : [...cur, a.id]) : [a.id] });
                          }}
                          className="mt-0.5"
                        />
                        <span>{a.text}</span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {t('quiz.finish')}
          </Button>
          <ConfirmDialog triggerClassName={dangerButton} trigger={t('quiz.stop')} title={t('quiz.stop')} message={t('quiz.stopConfirm')} onConfirm={stop} />
        </div>
      </form>
    );
  }

  return (
    <div className="space-y-5">
      {result ? (
        <Notice kind={result.passed ? 'success' : 'error'} role="status" data-quiz-result={result.passed ? 'passed' : 'failed'}>
          <p className="font-semibold">
            {result.timed_out
              ? t('quiz.timedOut')
              : result.passed
                ? t('quiz.passed', { score: result.score, total: result.total, required: result.required })
                : t('quiz.failed', { score: result.score, total: result.total, required: result.required })}
          </p>
          {!result.passed && result.wrong_questions.length ? (
            <>
              <p className="mt-3 text-sm font-medium text-slate-800">{t('quiz.wrong')}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800" data-wrong-questions>
                {result.wrong_questions.map((q) => (
                  <li key={q.id}>{q.text}</li>
                ))}
              </ul>
            </>
          ) : null}
        </Notice>
      ) : null}
      {!result?.passed ? (
        <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-slate-800">{t('quiz.intro', { count: status.questions_count, percent: status.pass_percent })}</p>
          {status.time_limit_minutes ? <p className="mt-1 text-sm text-slate-600">{t('quiz.timeLimit', { minutes: status.time_limit_minutes })}</p> : null}
          {(result ? result.attempts_left : status.attempts_left) > 0 || status.open_attempt_id ? (
            <Button disabled={busy} onClick={() => void start()} className="mt-4">
              {status.open_attempt_id && !result ? t('quiz.resume') : result ? t('quiz.retry') : t('quiz.start')}
            </Button>
          ) : (
            <p className="mt-4 font-semibold text-red-800" data-no-attempts>
              {t('quiz.noAttemptsLead')}{' '}
              <Link to={contactPath(locale, { subject: 'training', about: trainingTitle })} className="text-brand-800 underline hover:no-underline">
                {t('quiz.contactUs')}
              </Link>
              .
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}

function Comments({
  pointId,
  items,
}: {
  pointId: number;
  items: { id: number; author: string; body: string; answer: string | null; created_at: string; is_mine: boolean }[];
}) {
  const t = useT(trainingMessages);
  const revalidator = useRevalidator();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <section aria-labelledby="comments-title" className="mt-10">
      <h2 id="comments-title" className="text-xl font-semibold text-slate-900">
        {t('pt.comments')}
      </h2>
      {items.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('pt.commentsEmpty')}</p> : null}
      <ul className="mt-4 space-y-4">
        {items.map((c) => (
          <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-comment-id={c.id}>
            <p className="text-xs text-slate-600">
              {c.author} · {formatDate(c.created_at)}
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-900">{c.body}</p>
            {c.answer ? (
              <div className="mt-3 rounded-md border-l-4 border-brand-600 bg-brand-50 p-3">
                <p className="text-xs font-semibold text-brand-900">{t('pt.trainerAnswer')}</p>
                <p className="mt-1 whitespace-pre-line text-sm text-slate-900">{c.answer}</p>
              </div>
            ) : (
              <p className="mt-2 text-xs italic text-slate-600">{t('pt.waiting')}</p>
            )}
          </li>
        ))}
      </ul>
      <form
        className="mt-6"
        onSubmit={async (e) => {
          e.preventDefault();
          const res = await api(`/api/training-points/${pointId}/comments`, { method: 'POST', body: { body } });
          if (res.ok) {
            setBody('');
            setError(undefined);
            await revalidator.revalidate();
          } else setError(res.errors?.body?.[0]);
        }}
      >
        <label htmlFor="comment-body" className="block text-sm font-medium text-slate-800">
          {t('pt.commentLabel')}
        </label>
        <textarea
          id="comment-body"
          name="body"
          rows={3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'comment-body-error' : undefined}
          className={`mt-1 w-full rounded-md border p-2 text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
        />
        {error ? (
          <p id="comment-body-error" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="mt-3">
          {t('pt.commentSend')}
        </Button>
      </form>
    </section>
  );
}

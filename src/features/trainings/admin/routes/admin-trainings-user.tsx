import { type FormEvent, useState } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { TrainingBadge } from '../../components/bits';
import { trainingMessages } from '../../messages';
import { adminTrainingMessages } from '../messages';
import { trainingUserDetail } from '../trainings-admin.server';
import type { Route } from './+types/admin-trainings-user';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: `/admin/trainings-users/${params.trainingId}/${params.userId}`,
    title: translator(adminTrainingMessages, layout.locale)('a.user'),
    robots: 'noindex',
  });
}

const id = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
};

/** /{locale}/admin/trainings-users/{trainingId}/{userId}: progress, attempts with answers, comments. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'trainings_users');
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const trainingId = id(args.params.trainingId);
  const userId = id(args.params.userId);
  const detail = trainingId && userId ? await trainingUserDetail(trainingId, userId, locale) : null;
  if (!detail) throw data(null, { status: 404 });
  return { detail };
}

export default function AdminTrainingsUser({ loaderData }: Route.ComponentProps) {
  const t = useT(adminTrainingMessages);
  const m = useT(trainingMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const d = loaderData.detail;
  const base = `/api/admin/trainings-users/${d.training.id}`;
  const f = useFieldErrors({ prefix: 'extend' });
  const onExtend = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const res = await api(`${base}/${d.user.id}/extend`, { method: 'POST', body: new FormData(e.currentTarget) });
    if (res.ok) {
      f.clear();
      await revalidator.revalidate();
    } else if (res.status === 422) f.showFieldErrors(res.errors);
  };
  const row = (label: string, value: string) => (
    <div className="grid grid-cols-2 gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
  return (
    <div>
      <AdminPageHeader
        title={`${d.user.name} – ${d.training.title}`}
        lead={d.user.email}
        actions={
          <Link to={`/${locale}/admin/trainings-users?training_id=${d.training.id}`} className={secondaryButton}>
            {t('a.back')}
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <AdminCard title={t('a.col.status')}>
          <div className="flex items-center gap-2">
            <TrainingBadge badge={d.badge} />
            <span className="text-sm text-slate-700">{m(`status.${d.status}`)}</span>
          </div>
          <dl className="mt-3 divide-y divide-slate-100">
            {row(t('a.started'), formatDate(d.started_at))}
            {row(t('a.col.accepted'), d.accepted_at ? formatDate(d.accepted_at) : '–')}
            {row(t('a.expires'), d.expires_at ? formatDate(d.expires_at) : '–')}
            {row(t('a.col.progress'), `${d.progress}%`)}
            {row(t('a.done'), d.done_at ? formatDate(d.done_at) : '–')}
            {row(t('a.certificate'), d.certificate_number ?? '–')}
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            {d.status !== 'accepted' ? (
              <ConfirmDialog
                triggerClassName={primaryButton}
                trigger={t('a.accept')}
                message={t('a.acceptConfirm', { user: d.user.name, training: d.training.title })}
                submitUrl={base}
                id={`${d.user.id}/accept`}
                method="POST"
                onConfirm={() => void revalidator.revalidate()}
              />
            ) : null}
            {d.status !== 'refused' ? (
              <ConfirmDialog
                triggerClassName={secondaryButton}
                trigger={t('a.refuse')}
                message={t('a.refuseConfirm', { user: d.user.name, training: d.training.title })}
                submitUrl={base}
                id={`${d.user.id}/refuse`}
                method="POST"
                onConfirm={() => void revalidator.revalidate()}
              />
            ) : null}
            {d.access === 'accepted' ? (
              <ConfirmDialog
                triggerClassName={secondaryButton}
                trigger={t('a.expire')}
                message={t('a.expireConfirm')}
                submitUrl={base}
                id={`${d.user.id}/expire`}
                method="POST"
                onConfirm={() => void revalidator.revalidate()}
              />
            ) : null}
            <ConfirmDialog
              triggerClassName={secondaryButton}
              trigger={t('a.reset')}
              message={t('a.resetConfirm')}
              submitUrl={base}
              id={`${d.user.id}/reset-attempts`}
              method="POST"
              onConfirm={() => void revalidator.revalidate()}
            />
          </div>
          <form ref={f.formRef} onSubmit={onExtend} noValidate className="mt-4 flex items-end gap-2">
            <div className="flex-1">
              <Field label={t('a.days')} htmlFor={f.field('days').id}>
                <input {...f.field('days')} type="number" min={1} defaultValue={30} className={inputClass} />
                <FieldError {...f.error('days')} />
              </Field>
            </div>
            <button type="submit" className={primaryButton}>
              {t('a.extend')}
            </button>
          </form>
        </AdminCard>
        <AdminCard title={t('a.progress')} className="lg:col-span-2">
          <ul className="divide-y divide-slate-100 text-sm">
            {d.points.map((p) => (
              <li key={p.id} className="flex justify-between gap-3 py-1.5">
                <span>
                  <span className="text-slate-500">{p.module} · </span>
                  {p.title}
                  {p.kind === 'quiz' ? <span className="ml-1 text-xs text-slate-500">({m('tr.quiz')})</span> : null}
                </span>
                <span className={p.completed_at ? 'text-green-800' : 'text-slate-500'}>{p.completed_at ? `✓ ${formatDate(p.completed_at)}` : '–'}</span>
              </li>
            ))}
          </ul>
        </AdminCard>
      </div>
      <AdminCard title={t('a.attempts')} className="mt-6">
        {d.attempts.length === 0 ? <p className="text-sm text-slate-600">{t('a.noAttempts')}</p> : null}
        <ol className="space-y-4">
          {d.attempts.map((a) => (
            <li key={a.id} data-attempt-id={a.id} className="rounded-md border border-slate-200 p-3">
              <details>
                <summary className="cursor-pointer text-sm">
                  <span className="font-semibold">{t('a.attempt', { n: a.number })}</span> · {m(`attempt.${a.status}`)}
                  {a.voided ? ` (${t('a.voided')})` : ''} · {formatDate(a.started_at)}
                  {a.score !== null ? ` · ${t('a.score', { score: a.score, total: a.total, required: a.required })}` : ''}
                </summary>
                <ol className="mt-3 space-y-3 text-sm">
                  {a.questions.map((q, i) => (
                    <li key={q.id}>
                      <p className={q.correct === false ? 'font-medium text-red-800' : q.correct ? 'font-medium text-green-800' : 'font-medium'}>
                        {i + 1}. {q.text} {q.correct === false ? '✗' : q.correct ? '✓' : ''}
                      </p>
                      <ul className="ml-5 list-disc">
                        {q.answers.map((x) => (
                          <li key={x.id} className={x.is_correct ? 'text-green-800' : 'text-slate-700'}>
                            {x.text}
                            {x.is_correct ? ' ✓' : ''}
                            {x.chosen ? <strong> ← {t('a.chosen')}</strong> : null}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ol>
      </AdminCard>
      <AdminCard title={t('a.comments')} className="mt-6">
        {d.comments.length === 0 ? <p className="text-sm text-slate-600">{t('a.noComments')}</p> : null}
        <ul className="space-y-4">
          {d.comments.map((c) => (
            <li key={c.id} className="rounded-md border border-slate-200 p-3">
              <p className="text-xs text-slate-500">{formatDate(c.created_at)}</p>
              <p className="mt-1 whitespace-pre-line text-slate-900">{c.body}</p>
              <AnswerForm commentId={c.id} answer={c.answer} />
            </li>
          ))}
        </ul>
      </AdminCard>
    </div>
  );
}

function AnswerForm({ commentId, answer }: { commentId: number; answer: string | null }) {
  const t = useT(adminTrainingMessages);
  const revalidator = useRevalidator();
  const [value, setValue] = useState(answer ?? '');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="mt-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const res = await api(`/api/admin/training-comments/${commentId}/answer`, { method: 'POST', body: { answer: value } });
        if (res.ok) {
          setError(undefined);
          await revalidator.revalidate();
        } else setError(res.errors?.answer?.[0]);
      }}
    >
      <label htmlFor={`answer-${commentId}`} className="block text-xs font-semibold text-slate-700">
        {t('a.answerLabel')}
      </label>
      <textarea
        id={`answer-${commentId}`}
        rows={2}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className={inputClass}
        aria-invalid={error ? true : undefined}
      />
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      <button type="submit" className={`${secondaryButton} mt-2`}>
        {t('a.sendAnswer')}
      </button>
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import { api, downloadFile } from '~/core/http/api-client';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field } from '~/core/ui/admin/fields';
import { FileUpload } from '~/core/ui/admin/file-upload';
import { adminMessages } from '~/core/ui/admin/messages';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { adminTrainingMessages } from '../messages';
import { getAdminTraining, listQuestions } from '../trainings-admin.server';
import type { Route } from './+types/admin-training-questions';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: `/admin/trainings-questions/${params.trainingId}`,
    title: translator(adminTrainingMessages, layout.locale)('a.questions'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/trainings-questions/{trainingId}: the quiz questions (single/multiple, pl/en), XLSX import. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'trainings');
  if (!isLocale(args.params.locale)) throw data(null, { status: 404 });
  const id = Number(args.params.trainingId);
  const training = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await getAdminTraining(id) : null;
  if (!training) throw data(null, { status: 404 });
  return { training: { id: training.id, title: training.title_pl }, questions: await listQuestions(id) };
}

type Q = Awaited<ReturnType<typeof listQuestions>>[number];
type AnswerDraft = { text_pl: string; text_en: string; is_correct: boolean };

export default function AdminTrainingQuestions({ loaderData }: Route.ComponentProps) {
  const t = useT(adminTrainingMessages);
  const tAdmin = useT(adminMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const { training, questions } = loaderData;
  const [editing, setEditing] = useState<Q | 'new' | null>(null);
  const [importErrors, setImportErrors] = useState<string | undefined>();
  return (
    <div>
      <AdminPageHeader
        title={t('a.questionsOf', { title: training.title })}
        actions={
          <>
            <button type="button" className={primaryButton} onClick={() => setEditing('new')}>
              {t('a.newQuestion')}
            </button>
            <Link to={`/${locale}/admin/training/${training.id}`} className={secondaryButton}>
              {t('a.back')}
            </Link>
          </>
        }
      />
      {editing ? (
        <QuestionForm
          trainingId={training.id}
          question={editing === 'new' ? null : editing}
          onDone={async () => {
            setEditing(null);
            await revalidator.revalidate();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <AdminCard title={t('a.import')} className="mb-6">
        <p className="mb-3 text-sm text-slate-600">{t('a.importHint')}</p>
        <p className="mb-4">
          <button
            type="button"
            className={secondaryButton}
            data-questions-template
            onClick={() => void downloadFile('/api/admin/trainings/questions-template.xlsx')}
          >
            {t('a.template')}
          </button>
        </p>
        <FileUpload
          url={`/api/admin/trainings/${training.id}/questions/import`}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          label={t('a.import')}
          onUploaded={() => {
            setImportErrors(undefined);
            void revalidator.revalidate();
          }}
          onErrors={(errors) => setImportErrors(errors.file?.[0])}
        />
        {importErrors ? <p className="mt-2 text-sm text-red-700">{importErrors}</p> : null}
      </AdminCard>
      {questions.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{tAdmin('list.empty')}</p>
      ) : (
        <ol className="space-y-3">
          {questions.map((q, i) => (
            <li key={q.id} data-question-id={q.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-medium text-slate-900">
                    {i + 1}. {q.text_pl} {q.is_active ? null : <span className="text-xs text-slate-500">({t('a.inactive')})</span>}
                  </p>
                  {q.text_en ? <p className="text-sm text-slate-600">{q.text_en}</p> : null}
                  <p className="mt-1 text-xs text-slate-500">{q.multiple ? t('a.multiple') : null}</p>
                  <ul className="mt-2 space-y-0.5 text-sm">
                    {q.answers.map((a) => (
                      <li key={a.id} className={a.is_correct ? 'font-semibold text-green-800' : 'text-slate-700'}>
                        {a.is_correct ? '✓ ' : '○ '}
                        {a.text_pl}
                        {a.text_en ? ` / ${a.text_en}` : ''}
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="flex gap-1">
                  <button type="button" className={secondaryButton} onClick={() => setEditing(q)}>
                    {t('a.editQuestion')}
                    <span className="sr-only"> {i + 1}</span>
                  </button>
                  <ConfirmDialog
                    trigger={
                      <>
                        {t('a.delete')}
                        <span className="sr-only"> {i + 1}</span>
                      </>
                    }
                    message={t('a.questionDelete', { text: q.text_pl })}
                    submitUrl={`/api/admin/trainings/${training.id}/questions`}
                    id={q.id}
                    onConfirm={() => void revalidator.revalidate()}
                  />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function QuestionForm({ trainingId, question, onDone, onCancel }: { trainingId: number; question: Q | null; onDone: () => void; onCancel: () => void }) {
  const t = useT(adminTrainingMessages);
  const f = useFieldErrors({ prefix: 'question' });
  const [answers, setAnswers] = useState<AnswerDraft[]>(
    question?.answers.map((a) => ({ text_pl: a.text_pl, text_en: a.text_en, is_correct: a.is_correct })) ?? [
      { text_pl: '', text_en: '', is_correct: true },
      { text_pl: '', text_en: '', is_correct: false },
    ],
  );
  const [multiple, setMultiple] = useState(question?.multiple ?? false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = {
      text_pl: String(form.get('text_pl') ?? ''),
      text_en: String(form.get('text_en') ?? ''),
      multiple,
      is_active: form.get('is_active') === '1',
      position: question?.position ?? 0,
      answers,
    };
    const res = await api(question ? `/api/admin/trainings/${trainingId}/questions/${question.id}` : `/api/admin/trainings/${trainingId}/questions`, {
      method: question ? 'PUT' : 'POST',
      body,
    });
    if (res.ok) onDone();
    else if (res.status === 422) f.showFieldErrors(res.errors);
  };
  const setAnswer = (i: number, patch: Partial<AnswerDraft>) =>
    setAnswers(answers.map((a, j) => (j === i ? { ...a, ...patch } : !multiple && patch.is_correct ? { ...a, is_correct: false } : a)));
  return (
    <AdminCard title={question ? t('a.editQuestion') : t('a.newQuestion')} className="mb-6">
      <form ref={f.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={t('a.text_pl')} htmlFor={f.field('text_pl').id}>
            <textarea {...f.field('text_pl')} rows={3} defaultValue={question?.text_pl ?? ''} className={inputClass} />
            <FieldError {...f.error('text_pl')} />
          </Field>
          <Field label={t('a.text_en')} htmlFor={f.field('text_en').id}>
            <textarea {...f.field('text_en')} rows={3} defaultValue={question?.text_en ?? ''} className={inputClass} />
            <FieldError {...f.error('text_en')} />
          </Field>
        </div>
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={multiple} onChange={(e) => setMultiple(e.target.checked)} /> {t('a.multiple')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="is_active" value="1" defaultChecked={question?.is_active ?? true} /> {t('a.is_active')}
          </label>
        </div>
        <fieldset aria-invalid={f.message('answers') ? true : undefined}>
          <FieldError {...f.error('answers')} />
          <ol className="space-y-2">
            {answers.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: answers have no identity before they are saved
              <li key={i} className="grid items-end gap-2 md:grid-cols-[1fr_1fr_auto_auto]">
                <Field label={t('a.answerPl', { n: i + 1 })} htmlFor={`answer-${i}-pl`}>
                  <input
                    id={`answer-${i}-pl`}
                    value={a.text_pl}
                    onChange={(e) => setAnswer(i, { text_pl: e.target.value })}
                    className={inputClass}
                    aria-invalid={f.message(`answers.${i}.text_pl`) ? true : undefined}
                  />
                  <FieldError {...f.error(`answers.${i}.text_pl`)} />
                </Field>
                <Field label={t('a.answerEn', { n: i + 1 })} htmlFor={`answer-${i}-en`}>
                  <input id={`answer-${i}-en`} value={a.text_en} onChange={(e) => setAnswer(i, { text_en: e.target.value })} className={inputClass} />
                </Field>
                <label className="flex items-center gap-2 pb-2 text-sm">
                  <input
                    type={multiple ? 'checkbox' : 'radio'}
                    name="correct"
                    checked={a.is_correct}
                    onChange={(e) => setAnswer(i, { is_correct: e.target.checked })}
                  />{' '}
                  {t('a.correct')}
                </label>
                <button type="button" className={secondaryButton} onClick={() => setAnswers(answers.filter((_, j) => j !== i))} disabled={answers.length <= 2}>
                  {t('a.remove')}
                  <span className="sr-only"> {t('a.answer', { n: i + 1 })}</span>
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={`${secondaryButton} mt-2`}
            onClick={() => setAnswers([...answers, { text_pl: '', text_en: '', is_correct: false }])}
            disabled={answers.length >= 10}
          >
            {t('a.addAnswer')}
          </button>
        </fieldset>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onCancel}>
            {t('a.cancel')}
          </button>
          <button type="submit" className={primaryButton}>
            {t('a.save')}
          </button>
        </div>
      </form>
    </AdminCard>
  );
}

import { type FormEvent, useState } from 'react';
import { data, Link, useNavigate, useRevalidator } from 'react-router';
import { fileUrl, imageUrl } from '~/core/files/urls';
import { api } from '~/core/http/api-client';
import { formatFileSize } from '~/core/i18n/file-size';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Field } from '~/core/ui/admin/fields';
import { FileUpload } from '~/core/ui/admin/file-upload';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { RichTextEditor } from '~/core/ui/admin/rich-text-editor';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { adminTrainingMessages } from '../messages';
import { getAdminTraining, listTrainingComments } from '../trainings-admin.server';
import type { Route } from './+types/admin-training';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(adminTrainingMessages, layout.locale);
  return seoMeta({ ...layout, path: `/admin/training${params.id ? `/${params.id}` : ''}`, title: params.id ? t('a.edit') : t('a.new'), robots: 'noindex' });
}

/** /{locale}/admin/training and /{locale}/admin/training/{id}: the training with its modules and points. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'trainings');
  if (!isLocale(args.params.locale)) throw data(null, { status: 404 });
  if (!args.params.id) return { training: null, comments: null };
  const id = Number(args.params.id);
  const training = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await getAdminTraining(id) : null;
  if (!training) throw data(null, { status: 404 });
  return { training, comments: await listTrainingComments(id, 1) };
}

type Attachment = { id: string; name: string; size: number };
type PointDraft = {
  key: string;
  id?: number;
  kind: 'lesson' | 'quiz';
  title_pl: string;
  title_en: string;
  content_pl: string;
  content_en: string;
  video_url: string;
  files: Attachment[];
};

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif,.webp,.zip,.xlsx,.flw,application/pdf,image/*';
type ModuleDraft = { key: string; id?: number; title_pl: string; title_en: string; points: PointDraft[] };

let uid = 0;
const key = () => `k${++uid}`;

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const copy = [...list];
  const [x] = copy.splice(from, 1);
  copy.splice(to, 0, x as T);
  return copy;
}

export default function AdminTraining({ loaderData }: Route.ComponentProps) {
  const t = useT(adminTrainingMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'training' });
  const tr = loaderData.training;
  const [modules, setModules] = useState<ModuleDraft[]>(() =>
    (tr?.modules ?? []).map((m) => ({ ...m, key: key(), points: m.points.map((p) => ({ ...p, key: key() })) })),
  );
  const [busy, setBusy] = useState(false);
  const [image, setImage] = useState<{ id: string; src: string } | null>(
    tr?.image_file_id ? { id: tr.image_file_id, src: imageUrl(tr.image_file_id, 320) } : null,
  );

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    for (const name of ['questionnaire_enabled', 'is_active']) if (!body.has(name)) body.set(name, '0');
    setBusy(true);
    const res = await api<{ id: number }>(tr ? `/api/admin/trainings/${tr.id}` : '/api/admin/trainings', { method: tr ? 'PUT' : 'POST', body });
    setBusy(false);
    if (res.ok) {
      f.clear();
      if (tr) await revalidator.revalidate();
      else navigate(`/${locale}/admin/training/${res.data.id}`);
    } else if (res.status === 422) f.showFieldErrors(res.errors);
  };

  const input = (name: string, label: string, value: string | number | null | undefined, opts: { type?: string; hint?: string; required?: boolean } = {}) => (
    <Field label={label} htmlFor={f.field(name).id} hint={opts.hint}>
      <input {...f.field(name)} type={opts.type ?? 'text'} required={opts.required} defaultValue={value ?? ''} className={inputClass} />
      <FieldError {...f.error(name)} />
    </Field>
  );
  const setModule = (mi: number, patch: Partial<ModuleDraft>) => setModules(modules.map((m, i) => (i === mi ? { ...m, ...patch } : m)));
  const setPoint = (mi: number, pi: number, patch: Partial<PointDraft>) =>
    setModule(mi, { points: (modules[mi]?.points ?? []).map((p, i) => (i === pi ? { ...p, ...patch } : p)) });

  return (
    <div>
      <AdminPageHeader
        title={tr ? `${t('a.edit')}: ${tr.title_pl}` : t('a.new')}
        actions={
          <>
            {tr ? (
              <Link to={`/${locale}/admin/trainings-questions/${tr.id}`} className={secondaryButton}>
                {t('a.questions')}
              </Link>
            ) : null}
            <Link to={`/${locale}/admin/trainings`} className={secondaryButton}>
              {t('a.back')}
            </Link>
          </>
        }
      />
      <form ref={f.formRef} onSubmit={onSubmit} noValidate className="space-y-6" key={tr ? `${tr.id}-${tr.version}` : 'new'}>
        {tr ? <input type="hidden" name="version" value={tr.version} /> : null}
        <AdminCard title={t('a.basics')}>
          <div className="grid gap-4 md:grid-cols-2">
            {input('title_pl', t('a.title_pl'), tr?.title_pl, { required: true })}
            {input('title_en', t('a.title_en'), tr?.title_en)}
            {input('slug', t('a.slug'), tr?.slug, { hint: t('a.slugHint') })}
            {input('position', t('a.position'), tr?.position ?? 0, { type: 'number' })}
          </div>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <Field label={t('a.description_pl')} htmlFor="training-description_pl">
              <RichTextEditor name="description_pl" id="training-description_pl" label={t('a.description_pl')} defaultValue={tr?.description_pl ?? ''} />
            </Field>
            <Field label={t('a.description_en')} htmlFor="training-description_en">
              <RichTextEditor name="description_en" id="training-description_en" label={t('a.description_en')} defaultValue={tr?.description_en ?? ''} />
            </Field>
          </div>
        </AdminCard>
        <AdminCard title={t('a.image')}>
          <div className="space-y-3" data-training-image>
            <input type="hidden" name="image_file_id" value={image?.id ?? ''} />
            {image ? (
              <div className="flex flex-wrap items-start gap-3">
                <img src={image.src} alt={t('a.imageAlt')} className="h-28 w-44 rounded-md border border-slate-200 bg-slate-100 object-cover" />
                <button type="button" className={secondaryButton} onClick={() => setImage(null)}>
                  {t('a.imageRemove')}
                </button>
              </div>
            ) : (
              <p className="text-sm text-slate-600">{t('a.imageNone')}</p>
            )}
            <FileUpload
              url="/api/admin/trainings/image"
              label={t('a.image')}
              accept={IMAGE_ACCEPT}
              onUploaded={(r) => {
                const file = r.file as { id: string } | undefined;
                if (file) setImage({ id: file.id, src: typeof r.preview === 'string' ? r.preview : imageUrl(file.id, 320) });
                f.clear('image_file_id');
              }}
              onErrors={(errors) => f.showFieldErrors({ image_file_id: errors.file ?? Object.values(errors)[0] ?? [] })}
            />
            <p className="text-xs text-slate-500">{t('a.imageHint')}</p>
            <FieldError {...f.error('image_file_id')} />
          </div>
        </AdminCard>
        <AdminCard title={t('a.settings')}>
          <div className="grid gap-4 md:grid-cols-3">
            {input('access_days', t('a.access_days'), tr?.access_days ?? 90, { type: 'number', required: true })}
            {input('quiz_attempts', t('a.quiz_attempts'), tr?.quiz_attempts ?? 3, { type: 'number', required: true })}
            {input('pass_percent', t('a.pass_percent'), tr?.pass_percent ?? 70, { type: 'number', required: true })}
            {input('questions_per_attempt', t('a.questions_per_attempt'), tr?.questions_per_attempt ?? 10, { type: 'number', required: true })}
            {input('time_limit_minutes', t('a.time_limit_minutes'), tr?.time_limit_minutes ?? '', { type: 'number' })}
            {input('certificate_valid_months', t('a.certificate_valid_months'), tr?.certificate_valid_months ?? '', { type: 'number' })}
          </div>
          <div className="mt-4 flex flex-wrap gap-6">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="questionnaire_enabled" value="1" defaultChecked={tr?.questionnaire_enabled ?? true} /> {t('a.questionnaire_enabled')}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="is_active" value="1" defaultChecked={tr?.is_active ?? true} /> {t('a.is_active')}
            </label>
          </div>
        </AdminCard>
        <AdminCard title={t('a.structure')}>
          <FieldError {...f.error('modules')} />
          <ol className="space-y-5">
            {modules.map((m, mi) => (
              <li key={m.key} className="rounded-lg border border-slate-300 p-4" data-module-index={mi}>
                {m.id ? <input type="hidden" name={`modules[${mi}][id]`} value={m.id} /> : null}
                <div className="flex flex-wrap items-end gap-3">
                  <h3 className="w-full text-sm font-semibold text-slate-700">{t('a.module', { n: mi + 1 })}</h3>
                  <div className="min-w-48 flex-1">
                    <Field label={t('a.title_pl')} htmlFor={f.field(`modules.${mi}.title_pl`).id}>
                      <input
                        {...f.field(`modules.${mi}.title_pl`)}
                        name={`modules[${mi}][title_pl]`}
                        value={m.title_pl}
                        onChange={(e) => setModule(mi, { title_pl: e.target.value })}
                        className={inputClass}
                      />
                      <FieldError {...f.error(`modules.${mi}.title_pl`)} />
                    </Field>
                  </div>
                  <div className="min-w-48 flex-1">
                    <Field label={t('a.title_en')} htmlFor={`m-${m.key}-en`}>
                      <input
                        id={`m-${m.key}-en`}
                        name={`modules[${mi}][title_en]`}
                        value={m.title_en}
                        onChange={(e) => setModule(mi, { title_en: e.target.value })}
                        className={inputClass}
                      />
                    </Field>
                  </div>
                  <div className="flex gap-1">
                    <button type="button" className={secondaryButton} onClick={() => setModules(move(modules, mi, mi - 1))} disabled={mi === 0}>
                      ↑<span className="sr-only">{t('a.up')}</span>
                    </button>
                    <button
                      type="button"
                      className={secondaryButton}
                      onClick={() => setModules(move(modules, mi, mi + 1))}
                      disabled={mi === modules.length - 1}
                    >
                      ↓<span className="sr-only">{t('a.down')}</span>
                    </button>
                    <button type="button" className={secondaryButton} onClick={() => setModules(modules.filter((_, i) => i !== mi))}>
                      {t('a.remove')}
                    </button>
                  </div>
                </div>
                <ol className="mt-4 space-y-3 border-l-2 border-brand-100 pl-4">
                  {m.points.map((p, pi) => {
                    const base = `modules[${mi}][points][${pi}]`;
                    const path = `modules.${mi}.points.${pi}`;
                    return (
                      <li key={p.key} className="rounded-md border border-slate-200 bg-slate-50 p-3" data-point-index={pi}>
                        {p.id ? <input type="hidden" name={`${base}[id]`} value={p.id} /> : null}
                        <div className="flex flex-wrap items-end gap-3">
                          <div className="w-32">
                            <Field label={t('a.kind')} htmlFor={`p-${p.key}-kind`}>
                              <select
                                id={`p-${p.key}-kind`}
                                name={`${base}[kind]`}
                                value={p.kind}
                                onChange={(e) => setPoint(mi, pi, { kind: e.target.value as 'lesson' | 'quiz' })}
                                className={inputClass}
                              >
                                <option value="lesson">{t('a.kind.lesson')}</option>
                                <option value="quiz">{t('a.kind.quiz')}</option>
                              </select>
                            </Field>
                          </div>
                          <div className="min-w-48 flex-1">
                            <Field label={t('a.title_pl')} htmlFor={f.field(`${path}.title_pl`).id}>
                              <input
                                {...f.field(`${path}.title_pl`)}
                                name={`${base}[title_pl]`}
                                value={p.title_pl}
                                onChange={(e) => setPoint(mi, pi, { title_pl: e.target.value })}
                                className={inputClass}
                              />
                              <FieldError {...f.error(`${path}.title_pl`)} />
                            </Field>
                          </div>
                          <div className="min-w-48 flex-1">
                            <Field label={t('a.title_en')} htmlFor={`p-${p.key}-en`}>
                              <input
                                id={`p-${p.key}-en`}
                                name={`${base}[title_en]`}
                                value={p.title_en}
                                onChange={(e) => setPoint(mi, pi, { title_en: e.target.value })}
                                className={inputClass}
                              />
                            </Field>
                          </div>
                          <div className="flex gap-1">
                            <button
                              type="button"
                              className={secondaryButton}
                              onClick={() => setModule(mi, { points: move(m.points, pi, pi - 1) })}
                              disabled={pi === 0}
                            >
                              ↑<span className="sr-only">{t('a.up')}</span>
                            </button>
                            <button
                              type="button"
                              className={secondaryButton}
                              onClick={() => setModule(mi, { points: move(m.points, pi, pi + 1) })}
                              disabled={pi === m.points.length - 1}
                            >
                              ↓<span className="sr-only">{t('a.down')}</span>
                            </button>
                            <button type="button" className={secondaryButton} onClick={() => setModule(mi, { points: m.points.filter((_, i) => i !== pi) })}>
                              {t('a.remove')}
                            </button>
                          </div>
                        </div>
                        {p.kind === 'lesson' ? (
                          <details className="mt-3">
                            <summary className="cursor-pointer text-sm font-medium text-brand-800">
                              {t('a.content_pl')} / {t('a.content_en')}
                            </summary>
                            <div className="mt-3 space-y-3">
                              <Field label={t('a.video_url')} htmlFor={f.field(`${path}.video_url`).id}>
                                <input
                                  {...f.field(`${path}.video_url`)}
                                  name={`${base}[video_url]`}
                                  value={p.video_url}
                                  onChange={(e) => setPoint(mi, pi, { video_url: e.target.value })}
                                  className={inputClass}
                                />
                                <FieldError {...f.error(`${path}.video_url`)} />
                              </Field>
                              <Field label={t('a.content_pl')} htmlFor={`p-${p.key}-cpl`}>
                                <RichTextEditor
                                  media
                                  name={`${base}[content_pl]`}
                                  id={`p-${p.key}-cpl`}
                                  label={t('a.content_pl')}
                                  defaultValue={p.content_pl}
                                />
                              </Field>
                              <Field label={t('a.content_en')} htmlFor={`p-${p.key}-cen`}>
                                <RichTextEditor
                                  media
                                  name={`${base}[content_en]`}
                                  id={`p-${p.key}-cen`}
                                  label={t('a.content_en')}
                                  defaultValue={p.content_en}
                                />
                              </Field>
                            </div>
                          </details>
                        ) : null}
                        {p.kind === 'lesson' ? (
                          <fieldset className="mt-3 min-w-0 rounded-md border border-slate-200 bg-white p-3 [&_input[type=file]]:max-w-full" data-point-files>
                            <legend className="px-1 text-sm font-medium text-slate-800">{t('a.attachments')}</legend>
                            {p.files.length === 0 ? <p className="text-sm text-slate-600">{t('a.attachmentsNone')}</p> : null}
                            <ul className="space-y-1">
                              {p.files.map((file, fi) => (
                                <li key={file.id} className="flex flex-wrap items-center gap-2 text-sm">
                                  <input type="hidden" name={`${base}[files][${fi}]`} value={file.id} />
                                  <a href={fileUrl(file.id, file.name)} className="text-brand-800 underline" download>
                                    {file.name}
                                  </a>
                                  <span className="text-xs text-slate-500">{formatFileSize(file.size, locale)}</span>
                                  <button
                                    type="button"
                                    className={secondaryButton}
                                    onClick={() => setPoint(mi, pi, { files: p.files.filter((x) => x.id !== file.id) })}
                                  >
                                    {t('a.attachmentRemove')}
                                    <span className="sr-only">: {file.name}</span>
                                  </button>
                                </li>
                              ))}
                            </ul>
                            <div className="mt-2">
                              <FileUpload
                                url="/api/admin/trainings/attachment"
                                label={t('a.attachmentAdd')}
                                accept={ATTACHMENT_ACCEPT}
                                onUploaded={(r) => {
                                  const file = r.file as Attachment | undefined;
                                  if (file)
                                    setModules((all) =>
                                      all.map((mm, i) =>
                                        i !== mi ? mm : { ...mm, points: mm.points.map((pp, j) => (j === pi ? { ...pp, files: [...pp.files, file] } : pp)) },
                                      ),
                                    );
                                  f.clear(`${path}.files`);
                                }}
                                onErrors={(errors) => f.showFieldErrors({ [`${path}.files`]: errors.file ?? Object.values(errors)[0] ?? [] })}
                              />
                            </div>
                            <p className="mt-1 text-xs text-slate-500">{t('a.attachmentsHint')}</p>
                            <FieldError {...f.error(`${path}.files`)} />
                          </fieldset>
                        ) : null}
                      </li>
                    );
                  })}
                </ol>
                <button
                  type="button"
                  className={`${secondaryButton} mt-3`}
                  onClick={() =>
                    setModule(mi, {
                      points: [
                        ...m.points,
                        { key: key(), kind: 'lesson', title_pl: '', title_en: '', content_pl: '', content_en: '', video_url: '', files: [] },
                      ],
                    })
                  }
                >
                  {t('a.addPoint')}
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={`${secondaryButton} mt-4`}
            onClick={() => setModules([...modules, { key: key(), title_pl: '', title_en: '', points: [] }])}
          >
            {t('a.addModule')}
          </button>
        </AdminCard>
        <div className="flex justify-end">
          <button type="submit" className={primaryButton} disabled={busy}>
            {t('a.save')}
          </button>
        </div>
      </form>
      {tr && loaderData.comments ? (
        <AdminCard title={t('a.comments')} className="mt-6">
          {loaderData.comments.items.length === 0 ? <p className="text-sm text-slate-600">{t('a.noComments')}</p> : null}
          <ul className="divide-y divide-slate-100">
            {loaderData.comments.items.map((c) => (
              <li key={c.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm" data-comment-id={c.id}>
                <div className="min-w-0 flex-1">
                  <p className="text-xs text-slate-500">
                    {formatDate(c.created_at)} · {c.user} · {c.point}
                  </p>
                  <p className="mt-1 text-slate-900">{c.body}</p>
                  {c.answer ? <p className="mt-1 text-green-800">✓ {c.answer}</p> : null}
                </div>
                <Link to={`/${locale}/admin/trainings-users/${tr.id}/${c.user_id}`} className={secondaryButton}>
                  {c.answer ? t('a.details') : t('a.answerLabel')}
                  <span className="sr-only">: {c.user}</span>
                </Link>
              </li>
            ))}
          </ul>
        </AdminCard>
      ) : null}
    </div>
  );
}

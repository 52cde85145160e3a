import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import type { Locale } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field, Textarea } from '~/core/ui/admin/fields';
import { AdminCard, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import type { AdminVideo } from '../media-admin.server';
import { contentAdminMessages } from '../messages';
import { DESCRIPTION_MAX, POSITION_MAX, TITLE_MAX, VIDEO_URL_MAX } from '../validation';
import { ImageField } from './image-field';
import { LanguageTabs, tabWithErrors } from './language-tabs';

/** The create and edit form of a video: texts per language in tabs, the YouTube address, list, order and poster. */
export function VideoForm({ video }: { video: AdminVideo | null }) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'video' });
  const [tab, setTab] = useState<Locale>('pl');
  const [busy, setBusy] = useState(false);
  const listUrl = `/${locale}/admin/videos`;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    if (!body.has('is_instructional')) body.set('is_instructional', '0');
    setBusy(true);
    const res = await api<{ id: number; version?: number }>(video ? `/api/admin/videos/${video.id}` : '/api/admin/videos', {
      method: video ? 'PUT' : 'POST',
      body,
    });
    setBusy(false);
    if (res.ok) {
      f.clear();
      if (video) await revalidator.revalidate();
      else navigate(listUrl);
    } else if (res.status === 422) {
      setTab(tabWithErrors(res.errors, tab));
      f.showFieldErrors(res.errors);
    }
  };

  const invalid = {
    pl: Object.keys(f.errors).some((k) => k.endsWith('_pl')),
    en: Object.keys(f.errors).some((k) => k.endsWith('_en')),
  };

  return (
    <form
      ref={f.formRef}
      onSubmit={onSubmit}
      onChange={(e) => {
        const name = (e.target as { name?: string }).name;
        if (name && name in f.errors) f.clear(name);
      }}
      noValidate
      className="space-y-5"
    >
      {video && <input type="hidden" name="version" value={video.version} />}
      <AdminCard>
        <LanguageTabs selected={tab} onSelect={setTab} invalid={invalid}>
          {(l) => (
            <>
              <Field label={t('field.title')} htmlFor={f.field(`title_${l}`).id}>
                <input
                  {...f.field(`title_${l}`)}
                  required={l === 'pl'}
                  maxLength={TITLE_MAX}
                  defaultValue={video?.[`title_${l}`] ?? ''}
                  className={inputClass}
                />
                <FieldError {...f.error(`title_${l}`)} />
              </Field>
              <Field label={t('field.description')} htmlFor={f.field(`description_${l}`).id} hint={t('field.descriptionHint', { max: DESCRIPTION_MAX })}>
                <Textarea {...f.field(`description_${l}`)} rows={4} maxLength={DESCRIPTION_MAX} defaultValue={video?.[`description_${l}`] ?? ''} />
                <FieldError {...f.error(`description_${l}`)} />
              </Field>
            </>
          )}
        </LanguageTabs>
      </AdminCard>

      <AdminCard title={t('video.common')}>
        <div className="grid gap-5 md:grid-cols-2">
          <div className="space-y-4">
            <Field label={t('field.videoUrl')} htmlFor={f.field('video_url').id} hint={t('field.videoUrlHint')}>
              <input
                {...f.field('video_url')}
                type="url"
                inputMode="url"
                required
                maxLength={VIDEO_URL_MAX}
                defaultValue={video?.video_url ?? ''}
                placeholder="https://www.youtube.com/watch?v=…"
                className={inputClass}
              />
              <FieldError {...f.error('video_url')} />
            </Field>
            <div>
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="is_instructional"
                  value="1"
                  defaultChecked={video?.is_instructional ?? false}
                  className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-700"
                  aria-describedby="video-is-instructional-hint"
                />
                <span className="font-medium">{t('field.isInstructional')}</span>
              </label>
              <p id="video-is-instructional-hint" className="mt-1 text-xs text-slate-500">
                {t('field.isInstructionalHint')}
              </p>
            </div>
            <Field label={t('field.position')} htmlFor={f.field('position').id} hint={t('field.positionHint')}>
              <input
                {...f.field('position')}
                type="number"
                inputMode="numeric"
                min={0}
                max={POSITION_MAX}
                step={1}
                defaultValue={video ? String(video.position) : ''}
                className={`${inputClass} max-w-40`}
              />
              <FieldError {...f.error('position')} />
            </Field>
          </div>
          <ImageField
            name="poster_file_id"
            uploadUrl="/api/admin/videos/poster"
            initial={video?.poster ?? null}
            label={t('field.poster')}
            alt={t('field.posterAlt')}
            hint={t('field.posterHint')}
            none={t('field.posterNone')}
            removeLabel={t('field.posterRemove')}
            fields={f}
          />
        </div>
      </AdminCard>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? t('saving') : t('save')}
        </button>
        <Link to={listUrl} className={secondaryButton}>
          {t('back')}
        </Link>
        {video && (
          <div className="ml-auto">
            <ConfirmDialog
              triggerClassName={dangerButton}
              trigger={t('delete')}
              message={t('video.deleteConfirm', { title: video.title_pl })}
              submitUrl="/api/admin/videos"
              id={video.id}
              onConfirm={() => navigate(listUrl)}
            />
          </div>
        )}
      </div>
    </form>
  );
}

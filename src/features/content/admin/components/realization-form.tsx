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
import type { AdminRealization } from '../media-admin.server';
import { contentAdminMessages } from '../messages';
import { DESCRIPTION_MAX, LOCATION_MAX, POSITION_MAX, TITLE_MAX, YEAR_MAX, YEAR_MIN } from '../validation';
import { ImageField } from './image-field';
import { LanguageTabs, tabWithErrors } from './language-tabs';

/** The create and edit form of a realization: texts per language in tabs, town, year, order and photo. */
export function RealizationForm({ realization }: { realization: AdminRealization | null }) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'realization' });
  const [tab, setTab] = useState<Locale>('pl');
  const [busy, setBusy] = useState(false);
  const listUrl = `/${locale}/admin/realizations`;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    setBusy(true);
    const res = await api<{ id: number; version?: number }>(realization ? `/api/admin/realizations/${realization.id}` : '/api/admin/realizations', {
      method: realization ? 'PUT' : 'POST',
      body,
    });
    setBusy(false);
    if (res.ok) {
      f.clear();
      if (realization) await revalidator.revalidate();
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
      {realization && <input type="hidden" name="version" value={realization.version} />}
      <AdminCard>
        <LanguageTabs selected={tab} onSelect={setTab} invalid={invalid}>
          {(l) => (
            <>
              <Field label={t('field.title')} htmlFor={f.field(`title_${l}`).id}>
                <input
                  {...f.field(`title_${l}`)}
                  required={l === 'pl'}
                  maxLength={TITLE_MAX}
                  defaultValue={realization?.[`title_${l}`] ?? ''}
                  className={inputClass}
                />
                <FieldError {...f.error(`title_${l}`)} />
              </Field>
              <Field label={t('field.description')} htmlFor={f.field(`description_${l}`).id} hint={t('field.descriptionHint', { max: DESCRIPTION_MAX })}>
                <Textarea {...f.field(`description_${l}`)} rows={4} maxLength={DESCRIPTION_MAX} defaultValue={realization?.[`description_${l}`] ?? ''} />
                <FieldError {...f.error(`description_${l}`)} />
              </Field>
            </>
          )}
        </LanguageTabs>
      </AdminCard>

      <AdminCard title={t('realization.common')}>
        <div className="grid gap-5 md:grid-cols-2">
          <div className="space-y-4">
            <Field label={t('field.location')} htmlFor={f.field('location').id}>
              <input {...f.field('location')} maxLength={LOCATION_MAX} defaultValue={realization?.location ?? ''} autoComplete="off" className={inputClass} />
              <FieldError {...f.error('location')} />
            </Field>
            <Field label={t('field.year')} htmlFor={f.field('year').id}>
              <input
                {...f.field('year')}
                type="number"
                inputMode="numeric"
                min={YEAR_MIN}
                max={YEAR_MAX}
                step={1}
                defaultValue={realization?.year === null || realization?.year === undefined ? '' : String(realization.year)}
                className={`${inputClass} max-w-40`}
              />
              <FieldError {...f.error('year')} />
            </Field>
            <Field label={t('field.position')} htmlFor={f.field('position').id} hint={t('field.positionHint')}>
              <input
                {...f.field('position')}
                type="number"
                inputMode="numeric"
                min={0}
                max={POSITION_MAX}
                step={1}
                defaultValue={realization ? String(realization.position) : ''}
                className={`${inputClass} max-w-40`}
              />
              <FieldError {...f.error('position')} />
            </Field>
          </div>
          <ImageField
            name="image_file_id"
            uploadUrl="/api/admin/realizations/image"
            initial={realization?.image ?? null}
            label={t('field.realizationImage')}
            alt={t('field.realizationImageAlt')}
            hint={t('field.imageHint')}
            none={t('field.imageNone')}
            removeLabel={t('field.imageRemove')}
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
        {realization && (
          <div className="ml-auto">
            <ConfirmDialog
              triggerClassName={dangerButton}
              trigger={t('delete')}
              message={t('realization.deleteConfirm', { title: realization.title_pl })}
              submitUrl="/api/admin/realizations"
              id={realization.id}
              onConfirm={() => navigate(listUrl)}
            />
          </div>
        )}
      </div>
    </form>
  );
}

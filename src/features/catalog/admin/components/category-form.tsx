import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { imageUrl } from '~/core/files/urls';
import { api } from '~/core/http/api-client';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field, NameAndSlugFields, type Option, Select, Textarea, useNameAndSlug } from '~/core/ui/admin/fields';
import { AdminCard, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import type { AdminCategory } from '../categories-admin.server';
import { catalogAdminMessages } from '../messages';

const LANGS = ['pl', 'en'] as const;

/** Create and edit form of a category: parent, order, visibility, names, slugs, descriptions, image. */
export function CategoryForm({ category, parents }: { category: AdminCategory | null; parents: Option[] }) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'category' });
  const [busy, setBusy] = useState(false);
  const names = useNameAndSlug({
    name: { pl: category?.namePl ?? '', en: category?.nameEn ?? '' },
    slug: { pl: category?.slugPl ?? '', en: category?.slugEn ?? '' },
  });
  const listUrl = `/${locale}/admin/categories`;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    for (const flag of ['is_active', 'image_remove']) if (!body.has(flag)) body.set(flag, '0');
    setBusy(true);
    const res = await api<{ id: number }>(category ? `/api/admin/categories/${category.id}` : '/api/admin/categories', {
      method: category ? 'PUT' : 'POST',
      body,
    });
    if (res.ok) {
      f.clear();
      // Still busy until the saved data is back: the form is then rendered anew (its key is the
      // version), which would close a dialog opened meanwhile, so its delete waits too.
      if (category) await revalidator.revalidate();
      else navigate(listUrl);
    } else if (res.status === 422) f.showFieldErrors(res.errors);
    setBusy(false);
  };

  const label = (key: 'category.namePl' | 'category.nameEn' | 'category.slugPl' | 'category.slugEn' | 'category.descriptionPl' | 'category.descriptionEn') =>
    t(key);

  return (
    <form ref={f.formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      {category && <input type="hidden" name="version" value={category.version} />}
      <AdminCard title={t('category.sectionMain')}>
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Field label={t('category.parent')} htmlFor={f.field('parent_id').id} hint={t('category.parentHint')}>
            <Select
              {...f.field('parent_id')}
              options={parents}
              label={t('category.parent')}
              defaultValue={category?.parentId ? String(category.parentId) : ''}
            />
            <FieldError {...f.error('parent_id')} />
          </Field>
          <Field label={t('category.position')} htmlFor={f.field('position').id}>
            <input
              {...f.field('position')}
              type="number"
              inputMode="numeric"
              min={0}
              max={100000}
              step={1}
              defaultValue={category?.position ?? 0}
              className={`${inputClass} max-w-32`}
            />
            <FieldError {...f.error('position')} />
          </Field>
        </div>
        <label className="mt-4 flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="is_active"
            value="1"
            defaultChecked={category ? category.isActive : true}
            className="h-4 w-4 rounded border-slate-300 text-brand-700"
          />
          {t('category.active')}
        </label>
      </AdminCard>

      <AdminCard title={t('category.sectionTexts')}>
        <div className="grid gap-6 xl:grid-cols-2">
          {LANGS.map((l) => {
            const suffix = l === 'pl' ? 'Pl' : 'En';
            return (
              <fieldset key={l} className="space-y-4">
                <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{t(l === 'pl' ? 'common.pl' : 'common.en')}</legend>
                <NameAndSlugFields
                  lang={l}
                  state={names}
                  fields={f}
                  nameLabel={label(`category.name${suffix}`)}
                  nameMaxLength={200}
                  slugLabel={label(`category.slug${suffix}`)}
                  slugHint={t('common.slugHint')}
                />
                <Field label={label(`category.description${suffix}`)} htmlFor={f.field(`description_${l}`).id}>
                  <Textarea {...f.field(`description_${l}`)} maxLength={2000} defaultValue={category?.[`description${suffix}`] ?? ''} />
                  <FieldError {...f.error(`description_${l}`)} />
                </Field>
              </fieldset>
            );
          })}
        </div>
      </AdminCard>

      <AdminCard title={t('category.image')}>
        <div className="flex flex-wrap items-start gap-5">
          {category?.image && (
            <div className="space-y-2">
              <img
                src={imageUrl(category.image.fileId, 320)}
                alt={category.namePl}
                width={220}
                height={category.image.width && category.image.height ? Math.round((220 * category.image.height) / category.image.width) : 150}
                className="h-auto w-56 rounded-md border border-slate-200 bg-slate-50 object-contain"
              />
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="image_remove" value="1" className="h-4 w-4 rounded border-slate-300" />
                {t('category.imageRemove')}
              </label>
            </div>
          )}
          <Field label={category?.image ? t('category.imageReplace') : t('category.image')} htmlFor={f.field('image').id} hint={t('category.imageHint')}>
            <input
              {...f.field('image')}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
            />
            <FieldError {...f.error('image')} />
          </Field>
        </div>
      </AdminCard>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? t('common.saving') : t('common.save')}
        </button>
        <Link to={listUrl} className={secondaryButton}>
          {t('common.back')}
        </Link>
        {category && (
          <div className="ml-auto">
            <ConfirmDialog
              isDisabled={busy}
              triggerClassName={dangerButton}
              trigger={t('common.delete')}
              message={t('categories.deleteConfirm', { name: category.namePl })}
              submitUrl="/api/admin/categories"
              id={category.id}
              onConfirm={() => navigate(listUrl)}
            />
          </div>
        )}
      </div>
    </form>
  );
}

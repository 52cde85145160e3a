import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import type { Locale } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { slugify } from '~/core/text';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field, Select } from '~/core/ui/admin/fields';
import { FileUpload } from '~/core/ui/admin/file-upload';
import { AdminCard, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { RichTextEditor } from '~/core/ui/admin/rich-text-editor';
import { formatFileSize } from '~/core/i18n/file-size';
import { contentAdminMessages } from '../messages';
import type { AdminStaticSite, RoleOption } from '../static-sites-admin.server';
import { DESTINATIONS, FILENAME_MAX, SLUG_MAX, TITLE_MAX } from '../validation';
import { LanguageTabs, tabWithErrors } from './language-tabs';

interface Resource {
  id: string;
  name: string;
  size?: number;
  url?: string;
}

/** Accepted resource types (the server decides from the bytes; this only filters the picker). */
const RESOURCE_ACCEPT =
  '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.zip,application/pdf,application/zip,application/msword,application/vnd.ms-excel,application/vnd.ms-powerpoint,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.openxmlformats-officedocument.presentationml.presentation';

/**
 * The form of a static site: slug, destination, roles, downloadable file and the texts per
 * language. Without `site` it adds a new one (`onCreated` runs after the save).
 */
export function StaticSiteForm({ site, roles, onCreated }: { site: AdminStaticSite | null; roles: RoleOption[]; onCreated?: () => void }) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: site ? 'site' : 'new-site' });
  const [tab, setTab] = useState<Locale>('pl');
  const [busy, setBusy] = useState(false);
  const [namePl, setNamePl] = useState(site?.name_pl ?? '');
  const [slug, setSlug] = useState(site?.slug ?? '');
  const [slugEdited, setSlugEdited] = useState(Boolean(site?.slug));
  const [resource, setResource] = useState<Resource | null>(
    site?.resource && site.resource_file_id ? { id: site.resource_file_id, name: site.resource.name, size: site.resource.size, url: site.resource.url } : null,
  );
  const [filename, setFilename] = useState(site?.resource_filename ?? '');
  const listUrl = `/${locale}/admin/static-sites`;
  const fieldPrefix = site ? 'site' : 'new-site';

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    // Checked roles go as role_ids[0], role_ids[1] … (SPEC section 7 bracket keys).
    const roleIds = body.getAll('role_id');
    body.delete('role_id');
    for (const [i, id] of roleIds.entries()) body.append(`role_ids[${i}]`, id);
    setBusy(true);
    const res = await api<{ id: number }>(site ? `/api/admin/static-sites/${site.id}` : '/api/admin/static-sites', {
      method: site ? 'PUT' : 'POST',
      body,
    });
    setBusy(false);
    if (res.ok) {
      f.clear();
      await revalidator.revalidate();
      onCreated?.();
    } else if (res.status === 422) {
      setTab(tabWithErrors(res.errors, tab));
      f.showFieldErrors(res.errors);
    }
  };

  const roleError = Object.entries(f.errors).find(([k]) => k === 'role_ids' || k.startsWith('role_ids.'))?.[1];
  const invalid = {
    pl: Object.keys(f.errors).some((k) => k.endsWith('_pl')),
    en: Object.keys(f.errors).some((k) => k.endsWith('_en')),
  };

  return (
    <form
      ref={f.formRef}
      onSubmit={onSubmit}
      // A field's error goes away as soon as it is edited.
      onChange={(e) => {
        const name = (e.target as { name?: string }).name;
        if (name && name in f.errors) f.clear(name);
      }}
      noValidate
      className="space-y-5"
    >
      {site && <input type="hidden" name="version" value={site.version} />}
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="space-y-4">
          <Field label={t('field.slug')} htmlFor={f.field('slug').id} hint={t('field.slugHint')}>
            <input
              {...f.field('slug')}
              maxLength={SLUG_MAX}
              value={slug}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setSlug(value);
                setSlugEdited(value !== '');
              }}
              className={`${inputClass} font-mono`}
              spellCheck={false}
              autoCapitalize="off"
            />
            <FieldError {...f.error('slug')} />
          </Field>
          <Field label={t('field.destination')} htmlFor={f.field('destination').id}>
            <Select
              {...f.field('destination')}
              label={t('field.destination')}
              required
              defaultValue={site?.destination ?? ''}
              options={DESTINATIONS.map((d) => ({ id: d, name: t(`destination.${d}`) }))}
            />
            <FieldError {...f.error('destination')} />
          </Field>
          <fieldset aria-describedby={`${fieldPrefix}-roles-hint`}>
            <legend className="mb-1 block text-sm font-medium text-slate-800">{t('field.roles')}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {roles.map((r) => (
                <label key={r.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="role_id"
                    value={r.id}
                    defaultChecked={site?.role_ids.includes(Number(r.id)) ?? false}
                    aria-invalid={roleError ? true : undefined}
                    className="h-4 w-4 rounded border-slate-300 text-brand-700"
                  />
                  {r.name}
                </label>
              ))}
            </div>
            <p id={`${fieldPrefix}-roles-hint`} className="mt-1 text-xs text-slate-500">
              {t('field.rolesHint')}
            </p>
            {roleError && <p className="mt-1 text-sm font-medium text-red-700">{roleError}</p>}
          </fieldset>
        </div>
        <div className="space-y-3">
          <input type="hidden" name="resource_file_id" value={resource?.id ?? ''} />
          {resource ? (
            <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                {resource.url ? (
                  <a href={resource.url} className="font-medium text-brand-800 underline" target="_blank" rel="noopener">
                    {t('field.resourceDownload', { name: resource.name })}
                  </a>
                ) : (
                  <span className="font-medium text-slate-800">{resource.name}</span>
                )}
                {resource.size !== undefined && <span className="text-slate-600">{formatFileSize(resource.size, locale)}</span>}
              </div>
              <div className="mt-3">
                <Field label={t('field.resourceFilename')} htmlFor={f.field('resource_filename').id}>
                  <input
                    {...f.field('resource_filename')}
                    maxLength={FILENAME_MAX}
                    value={filename}
                    onChange={(e) => setFilename(e.currentTarget.value)}
                    className={inputClass}
                  />
                  <FieldError {...f.error('resource_filename')} />
                </Field>
              </div>
              <button
                type="button"
                className={`${secondaryButton} mt-3`}
                onClick={() => {
                  setResource(null);
                  setFilename('');
                }}
              >
                {t('field.resourceRemove')}
              </button>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t('field.resourceNone')}</p>
          )}
          <FileUpload
            url="/api/admin/static-sites/resource"
            label={t('field.resource')}
            accept={RESOURCE_ACCEPT}
            onUploaded={(r) => {
              const file = r.file as { id: string; name: string; size: number } | undefined;
              if (file) {
                setResource({ id: file.id, name: file.name, size: file.size });
                setFilename(file.name);
              }
              f.clear('resource_file_id');
            }}
            onErrors={(errors) => f.showFieldErrors({ resource_file_id: errors.file ?? Object.values(errors)[0] ?? [] })}
          />
          <p className="text-xs text-slate-500">{t('field.resourceHint')}</p>
          <FieldError {...f.error('resource_file_id')} />
        </div>
      </div>

      <LanguageTabs selected={tab} onSelect={setTab} invalid={invalid}>
        {(l) => (
          <>
            <Field label={t('field.name')} htmlFor={f.field(`name_${l}`).id}>
              {l === 'pl' ? (
                <input
                  {...f.field('name_pl')}
                  required
                  maxLength={TITLE_MAX}
                  value={namePl}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setNamePl(value);
                    if (!slugEdited) setSlug(slugify(value));
                  }}
                  className={inputClass}
                />
              ) : (
                <input {...f.field('name_en')} maxLength={TITLE_MAX} defaultValue={site?.name_en ?? ''} className={inputClass} />
              )}
              <FieldError {...f.error(`name_${l}`)} />
            </Field>
            <div>
              <span className="mb-1 block text-sm font-medium text-slate-800">{t('field.content')}</span>
              <RichTextEditor
                name={`content_${l}`}
                id={f.field(`content_${l}`).id}
                defaultValue={site?.[`content_${l}`] ?? ''}
                media
                label={`${t('field.content')} (${l.toUpperCase()})`}
                invalid={`content_${l}` in f.errors}
                describedBy={`content_${l}` in f.errors ? f.error(`content_${l}`).id : undefined}
              />
              <FieldError {...f.error(`content_${l}`)} />
            </div>
          </>
        )}
      </LanguageTabs>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? t('saving') : site ? t('save') : t('sites.add')}
        </button>
        {site && (
          <Link to={listUrl} className={secondaryButton}>
            {t('back')}
          </Link>
        )}
        {site && (
          <div className="ml-auto">
            <ConfirmDialog
              triggerClassName={dangerButton}
              trigger={t('delete')}
              message={t('site.deleteConfirm', { name: site.name_pl })}
              submitUrl="/api/admin/static-sites"
              id={site.id}
              onConfirm={() => navigate(listUrl)}
            />
          </div>
        )}
      </div>
    </form>
  );
}

/** The add form inside a card (the list page). */
export function AddStaticSiteCard({ roles }: { roles: RoleOption[] }) {
  const t = useT(contentAdminMessages);
  const [round, setRound] = useState(0);
  return (
    <AdminCard title={t('sites.add')} id="add-site" className="mt-6">
      <StaticSiteForm key={round} site={null} roles={roles} onCreated={() => setRound((n) => n + 1)} />
    </AdminCard>
  );
}

import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { imageUrl } from '~/core/files/urls';
import { api } from '~/core/http/api-client';
import type { Locale } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field, NameAndSlugFields, Textarea, useNameAndSlug } from '~/core/ui/admin/fields';
import { FileUpload } from '~/core/ui/admin/file-upload';
import { AdminCard, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { RichTextEditor } from '~/core/ui/admin/rich-text-editor';
import { contentAdminMessages } from '../messages';
import type { AdminPost } from '../posts-admin.server';
import { LEAD_MAX, SLUG_MAX, TITLE_MAX } from '../validation';
import { LanguageTabs, tabWithErrors } from './language-tabs';

interface ImageState {
  id: string;
  src: string;
}

/** The create and edit form of a news post: texts per language in tabs, publication and image. */
export function PostForm({ post, today }: { post: AdminPost | null; today: string }) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'post' });
  const [tab, setTab] = useState<Locale>('pl');
  const [busy, setBusy] = useState(false);
  // A new post's slug follows its title until the slug is edited by hand.
  const titles = useNameAndSlug({
    name: { pl: post?.title_pl ?? '', en: post?.title_en ?? '' },
    slug: { pl: post?.slug_pl ?? '', en: post?.slug_en ?? '' },
  });
  const [image, setImage] = useState<ImageState | null>(post?.image ? { id: post.image.id, src: imageUrl(post.image.id, 320) } : null);

  const listUrl = `/${locale}/admin/posts`;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    if (!body.has('is_published')) body.set('is_published', '0');
    setBusy(true);
    const res = await api<{ id: number; version?: number }>(post ? `/api/admin/posts/${post.id}` : '/api/admin/posts', {
      method: post ? 'PUT' : 'POST',
      body,
    });
    setBusy(false);
    if (res.ok) {
      f.clear();
      if (post) await revalidator.revalidate();
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
      // A field's error goes away as soon as it is edited.
      onChange={(e) => {
        const name = (e.target as { name?: string }).name;
        if (name && name in f.errors) f.clear(name);
      }}
      noValidate
      className="space-y-5"
    >
      {post && <input type="hidden" name="version" value={post.version} />}
      <AdminCard>
        <LanguageTabs selected={tab} onSelect={setTab} invalid={invalid}>
          {(l) => (
            <>
              <NameAndSlugFields
                lang={l}
                state={titles}
                fields={f}
                nameField="title"
                nameLabel={t('field.title')}
                nameMaxLength={TITLE_MAX}
                nameRequired={l === 'pl'}
                slugLabel={t('field.slug')}
                slugHint={t('field.slugHint')}
                slugMaxLength={SLUG_MAX}
              />
              <Field label={t('field.lead')} htmlFor={f.field(`lead_${l}`).id}>
                <Textarea {...f.field(`lead_${l}`)} maxLength={LEAD_MAX} defaultValue={post?.[`lead_${l}`] ?? ''} />
                <FieldError {...f.error(`lead_${l}`)} />
              </Field>
              <div>
                <span className="mb-1 block text-sm font-medium text-slate-800" id={`post-content-${l}-label`}>
                  {t('field.content')}
                </span>
                <RichTextEditor
                  name={`content_${l}`}
                  id={f.field(`content_${l}`).id}
                  defaultValue={post?.[`content_${l}`] ?? ''}
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
      </AdminCard>

      <AdminCard title={t('post.common')}>
        <div className="grid gap-5 md:grid-cols-2">
          <div className="space-y-4">
            <Field label={t('field.publishedAt')} htmlFor={f.field('published_at').id}>
              <input {...f.field('published_at')} type="date" required defaultValue={post?.published_at ?? today} className={`${inputClass} max-w-52`} />
              <FieldError {...f.error('published_at')} />
            </Field>
            <div>
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="is_published"
                  value="1"
                  defaultChecked={post ? post.is_published : true}
                  className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-700"
                  aria-describedby="post-is-published-hint"
                />
                <span className="font-medium">{t('field.isPublished')}</span>
              </label>
              <p id="post-is-published-hint" className="mt-1 text-xs text-slate-500">
                {t('field.isPublishedHint')}
              </p>
            </div>
          </div>
          <div className="space-y-3">
            <input type="hidden" name="image_file_id" value={image?.id ?? ''} />
            {image ? (
              <div className="flex items-start gap-3">
                <img src={image.src} alt={t('field.imageAlt')} className="h-28 w-44 rounded-md border border-slate-200 bg-slate-100 object-cover" />
                <button type="button" className={secondaryButton} onClick={() => setImage(null)}>
                  {t('field.imageRemove')}
                </button>
              </div>
            ) : (
              <p className="text-sm text-slate-600">{t('field.imageNone')}</p>
            )}
            <FileUpload
              url="/api/admin/posts/image"
              label={t('field.image')}
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              onUploaded={(r) => {
                const file = r.file as { id: string } | undefined;
                if (file) setImage({ id: file.id, src: typeof r.preview === 'string' ? r.preview : imageUrl(file.id, 320) });
                f.clear('image_file_id');
              }}
              onErrors={(errors) => f.showFieldErrors({ image_file_id: errors.file ?? Object.values(errors)[0] ?? [] })}
            />
            <p className="text-xs text-slate-500">{t('field.imageHint')}</p>
            <FieldError {...f.error('image_file_id')} />
          </div>
        </div>
      </AdminCard>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? t('saving') : t('save')}
        </button>
        <Link to={listUrl} className={secondaryButton}>
          {t('back')}
        </Link>
        {post && (
          <div className="ml-auto">
            <ConfirmDialog
              triggerClassName={dangerButton}
              trigger={t('delete')}
              message={t('post.deleteConfirm', { title: post.title_pl })}
              submitUrl="/api/admin/posts"
              id={post.id}
              onConfirm={() => navigate(listUrl)}
            />
          </div>
        )}
      </div>
    </form>
  );
}

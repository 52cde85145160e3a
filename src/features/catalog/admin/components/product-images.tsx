import { type FormEvent, useEffect, useRef, useState } from 'react';
import { imageUrl } from '~/core/files/urls';
import { api } from '~/core/http/api-client';
import { useT } from '~/core/i18n/use-locale';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field } from '~/core/ui/admin/fields';
import { FileUpload } from '~/core/ui/admin/file-upload';
import { AdminCard, secondaryButton } from '~/core/ui/admin/page-header';
import { catalogAdminMessages } from '../messages';
import type { AdminImage } from '../products-admin.server';

const moveButton =
  'inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 disabled:cursor-not-allowed disabled:opacity-40';

function AltForm({ image, index }: { image: AdminImage; index: number }) {
  const t = useT(catalogAdminMessages);
  const f = useFieldErrors({ prefix: `image-${image.id}` });
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    const res = await api(`/api/admin/product-images/${image.id}`, { method: 'PUT', body: new FormData(e.currentTarget) });
    setBusy(false);
    if (res.ok) f.clear();
    else if (res.status === 422) f.showFieldErrors(res.errors);
  };
  return (
    <form ref={f.formRef} onSubmit={onSubmit} noValidate className="grid min-w-0 flex-1 gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
      <Field label={`${t('product.altPl')}`} htmlFor={f.field('alt_pl').id}>
        <input
          {...f.field('alt_pl')}
          maxLength={300}
          defaultValue={image.altPl}
          className={inputClass}
          aria-label={`${t('product.altPl')} – ${t('product.imageN', { n: index + 1 })}`}
        />
        <FieldError {...f.error('alt_pl')} />
      </Field>
      <Field label={`${t('product.altEn')}`} htmlFor={f.field('alt_en').id}>
        <input
          {...f.field('alt_en')}
          maxLength={300}
          defaultValue={image.altEn}
          className={inputClass}
          aria-label={`${t('product.altEn')} – ${t('product.imageN', { n: index + 1 })}`}
        />
        <FieldError {...f.error('alt_en')} />
      </Field>
      <button type="submit" className={secondaryButton} disabled={busy}>
        {t('product.saveAlt')}
        <span className="sr-only">: {t('product.imageN', { n: index + 1 })}</span>
      </button>
    </form>
  );
}

/**
 * The gallery of a saved product: upload several images at once (with a progress bar), reorder
 * them with up/down buttons (keyboard operable, focus follows the moved image), alt texts in both
 * languages, delete with the confirm dialog. Every change is saved at once.
 */
export function ProductImages({ productId, initial }: { productId: number; initial: AdminImage[] }) {
  const t = useT(catalogAdminMessages);
  const [images, setImages] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [announce, setAnnounce] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // After the new order is on screen (and its buttons enabled), the keyboard stays on the moved image.
  useEffect(() => {
    if (!focusKey) return;
    buttons.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const move = async (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= images.length) return;
    const order = images.map((i) => i.id);
    const [moved] = order.splice(index, 1);
    order.splice(target, 0, moved);
    const res = await api<{ items: AdminImage[] }>(`/api/admin/products/${productId}/images/order`, {
      method: 'PUT',
      body: { ids: order },
      json: true,
      notifySuccess: false,
    });
    if (!res.ok) return;
    setImages(res.data.items);
    setAnnounce(`${t('product.imageN', { n: index + 1 })}: ${t('product.imagePosition', { n: target + 1, total: order.length })}`);
    // Keep the keyboard on the moved image: the same button if it can still move, else the other one.
    const atEdge = target === 0 || target === order.length - 1;
    setFocusKey(`${moved}:${atEdge ? (delta < 0 ? 'down' : 'up') : delta < 0 ? 'up' : 'down'}`);
  };

  return (
    <AdminCard title={t('product.sectionImages')} id="images">
      <p className="mb-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('product.imagesOwnSave')}</p>
      <FileUpload
        url={`/api/admin/products/${productId}/images`}
        field="images"
        multiple
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        label={t('product.imagesAdd')}
        onUploaded={(result) => {
          setErrors([]);
          if (Array.isArray(result.items)) setImages(result.items as AdminImage[]);
        }}
        onErrors={(e) => setErrors(Object.values(e).flat())}
      />
      <p className="mt-1 text-xs text-slate-500">{t('product.imagesHint')}</p>
      {errors.length > 0 && (
        <div role="alert">
          <ul className="mt-2 space-y-1">
            {errors.map((e) => (
              <li key={e} className="text-sm font-medium text-red-700">
                {e}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {images.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t('product.imagesEmpty')}</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {images.map((img, i) => (
            <li key={img.id} className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-start">
              <div className="flex items-start gap-3">
                <img
                  src={imageUrl(img.fileId, 160)}
                  alt={img.altPl || t('product.imageN', { n: i + 1 })}
                  width={112}
                  height={img.width && img.height ? Math.round((112 * img.height) / img.width) : 84}
                  className="h-auto max-h-28 w-28 rounded border border-slate-200 bg-slate-50 object-contain"
                />
                <div className="flex flex-col items-center gap-1">
                  <span className="text-xs font-medium text-slate-600 tabular-nums">{i + 1}.</span>
                  <button
                    type="button"
                    ref={(el) => {
                      buttons.current.set(`${img.id}:up`, el);
                    }}
                    className={moveButton}
                    disabled={i === 0}
                    onClick={() => void move(i, -1)}
                    aria-label={`${t('common.moveUp')}: ${t('product.imageN', { n: i + 1 })}`}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    ref={(el) => {
                      buttons.current.set(`${img.id}:down`, el);
                    }}
                    className={moveButton}
                    disabled={i === images.length - 1}
                    onClick={() => void move(i, 1)}
                    aria-label={`${t('common.moveDown')}: ${t('product.imageN', { n: i + 1 })}`}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                </div>
              </div>
              <AltForm key={`${img.id}-${img.altPl}-${img.altEn}`} image={img} index={i} />
              <div className="sm:self-end">
                <ConfirmDialog
                  trigger={
                    <>
                      {t('common.delete')}
                      <span className="sr-only">: {t('product.imageN', { n: i + 1 })}</span>
                    </>
                  }
                  message={t('product.imageDeleteConfirm')}
                  submitUrl="/api/admin/product-images"
                  id={img.id}
                  onConfirm={() => setImages((list) => list.filter((x) => x.id !== img.id))}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </AdminCard>
  );
}

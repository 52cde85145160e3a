import { type KeyboardEvent, useRef, useState } from 'react';
import { type ImageWidth, IMAGE_WIDTHS } from '~/core/files/urls';
import { ResponsiveImage, type StoredImage } from '~/core/files/responsive-image';
import { imageUrl } from '~/core/files/urls';
import { useT } from '~/core/i18n/use-locale';

/**
 * Main image with thumbnails (product pages, the meters for rent). Without JavaScript the first
 * image shows; with it, a thumbnail (button) shows its image. Arrow keys, Home and End move
 * between thumbnails. `priority`: the main image is the page's largest paint (load it first).
 * The main image opens a lightbox (a native modal <dialog>: focus kept inside, Escape closes)
 * with the largest size, previous/next and a 2× zoom that scrolls to pan.
 */
export function Gallery({
  images,
  label,
  emptyText,
  priority = false,
  sizes = '(min-width: 1024px) 600px, 100vw',
}: {
  images: StoredImage[];
  label: string;
  emptyText: string;
  priority?: boolean;
  sizes?: string;
}) {
  const t = useT();
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [zoomed, setZoomed] = useState(false);
  const current = images[active] ?? images[0];

  if (!current) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-sm text-slate-600">
        {emptyText}
      </div>
    );
  }

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = images.length - 1;
    const next = { ArrowRight: active + 1, ArrowDown: active + 1, ArrowLeft: active - 1, ArrowUp: active - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const i = Math.max(0, Math.min(last, next));
    setActive(i);
    buttons.current[i]?.focus();
  };

  const last = images.length - 1;
  const show = (i: number) => {
    setActive(Math.max(0, Math.min(last, i)));
    setZoomed(false);
  };
  const openLightbox = () => {
    setZoomed(false);
    dialog.current?.showModal();
  };
  const onDialogKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    // Zoomed in, the arrow keys pan the image (the stage scrolls) instead of changing it.
    if (zoomed && e.key.startsWith('Arrow')) return;
    if (e.key === 'ArrowRight') show(active + 1);
    else if (e.key === 'ArrowLeft') show(active - 1);
    else if (e.key === '+' || e.key === '=') setZoomed(true);
    else if (e.key === '-') setZoomed(false);
    else return;
    e.preventDefault();
  };
  // The largest rendered width the original allows (the image route never upscales).
  const largest: ImageWidth = [...IMAGE_WIDTHS].reverse().find((w) => !current.width || w <= current.width) ?? 640;
  const iconButton =
    'inline-flex h-10 min-w-10 items-center justify-center rounded-md bg-white/10 px-3 text-sm font-medium text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-40';

  return (
    <section aria-label={label}>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        <button
          ref={opener}
          type="button"
          onClick={openLightbox}
          aria-label={t('gallery.enlarge', { n: active + 1, total: images.length })}
          className="block w-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          <ResponsiveImage
            key={current.fileId}
            image={current}
            sizes={sizes}
            displayWidth={640}
            priority={priority}
            className="aspect-[4/3] h-auto w-full object-contain"
          />
        </button>
      </div>
      <dialog
        ref={dialog}
        aria-label={label}
        onKeyDown={onDialogKeyDown}
        onClose={() => opener.current?.focus()}
        className="m-0 h-full max-h-none w-full max-w-none bg-slate-950/95 p-0 text-white backdrop:bg-slate-950/80"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-2 p-3">
            <p className="mr-auto text-sm" aria-live="polite">
              {t('gallery.position', { n: active + 1, total: images.length })}
            </p>
            <button type="button" className={iconButton} aria-pressed={zoomed} onClick={() => setZoomed((z) => !z)}>
              {zoomed ? t('gallery.zoomOut') : t('gallery.zoomIn')}
            </button>
            <button type="button" className={iconButton} onClick={() => dialog.current?.close()}>
              {t('gallery.close')}
            </button>
          </div>
          {/* Zoomed, the stage scrolls: focusable so the arrow keys of a keyboard user can pan it. */}
          <div className={`relative min-h-0 flex-1 ${zoomed ? 'overflow-auto' : 'overflow-hidden'}`} data-testid="lightbox-stage" tabIndex={zoomed ? 0 : -1}>
            <img
              key={`${current.fileId}-${largest}`}
              src={imageUrl(current.fileId, largest)}
              alt={current.alt}
              decoding="async"
              className={zoomed ? 'max-w-none' : 'mx-auto h-full w-full object-contain'}
              style={zoomed ? { width: `${Math.min(largest * 2, 2400)}px` } : undefined}
              data-zoomed={zoomed ? 'true' : 'false'}
            />
          </div>
          {images.length > 1 && (
            <div className="flex justify-center gap-3 p-3">
              <button type="button" className={iconButton} onClick={() => show(active - 1)} disabled={active === 0}>
                {t('gallery.previous')}
              </button>
              <button type="button" className={iconButton} onClick={() => show(active + 1)} disabled={active === last}>
                {t('gallery.next')}
              </button>
            </div>
          )}
        </div>
      </dialog>
      {images.length > 1 && (
        <ul className="mt-3 flex flex-wrap gap-2" onKeyDown={onKeyDown}>
          {images.map((img, i) => (
            <li key={img.fileId}>
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                aria-label={t('gallery.showImage', { n: i + 1, total: images.length })}
                aria-pressed={i === active}
                onClick={() => setActive(i)}
                className={`block overflow-hidden rounded-md border-2 bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${i === active ? 'border-brand-600' : 'border-slate-200 hover:border-brand-300'}`}
              >
                <img src={imageUrl(img.fileId, 160)} width={96} height={72} alt="" loading="lazy" decoding="async" className="h-[72px] w-24 object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

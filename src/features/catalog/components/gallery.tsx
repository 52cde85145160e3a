import { type KeyboardEvent, useRef, useState } from 'react';
import { ResponsiveImage, type StoredImage } from '~/core/files/responsive-image';
import { imageUrl } from '~/core/files/urls';
import { useT } from '~/core/i18n/use-locale';
import { catalogMessages } from '../messages';

/**
 * Main image with thumbnails. Without JavaScript the first image shows; with it, a thumbnail
 * (button) shows its image. Arrow keys, Home and End move between thumbnails.
 */
export function Gallery({ images }: { images: StoredImage[] }) {
  const t = useT(catalogMessages);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[active] ?? images[0];

  if (!current) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-sm text-slate-600">
        {t('product.noImage')}
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

  return (
    <section aria-label={t('product.gallery')}>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        <ResponsiveImage
          key={current.fileId}
          image={current}
          sizes="(min-width: 1024px) 600px, 100vw"
          displayWidth={640}
          priority
          className="aspect-[4/3] h-auto w-full object-contain"
        />
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex flex-wrap gap-2" onKeyDown={onKeyDown}>
          {images.map((img, i) => (
            <li key={img.fileId}>
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                aria-label={t('product.showImage', { n: i + 1, total: images.length })}
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

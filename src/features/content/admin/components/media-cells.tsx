import { imageUrl } from '~/core/files/urls';
import { useT } from '~/core/i18n/use-locale';
import { contentAdminMessages } from '../messages';

/** A list row's picture (a video's poster, a realization's photo), or an empty box of the same size. */
export function Thumbnail({ fileId }: { fileId: string | null }) {
  if (!fileId) return <span className="block aspect-video w-20 rounded border border-dashed border-slate-300 bg-slate-50" aria-hidden="true" />;
  // Decorative: the title in the next cell names the row.
  return (
    <img
      src={imageUrl(fileId, 160)}
      alt=""
      width={80}
      height={45}
      loading="lazy"
      className="aspect-video w-20 rounded border border-slate-200 bg-slate-100 object-cover"
    />
  );
}

/** Which languages a record has: both, or Polish only (the English page then shows the Polish text). */
export function LanguagesCell({ hasEn }: { hasEn: boolean }) {
  const t = useT(contentAdminMessages);
  return hasEn ? (
    <span className="whitespace-nowrap">{t('lang.both')}</span>
  ) : (
    <span className="whitespace-nowrap text-amber-800" title={t('lang.plOnlyHint')}>
      {t('lang.plOnly')}
    </span>
  );
}

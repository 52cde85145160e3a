import { useState } from 'react';
import { imageUrl } from '~/core/files/urls';
import { useT } from '~/core/i18n/use-locale';
import { FileUpload } from '~/core/ui/admin/file-upload';
import { secondaryButton } from '~/core/ui/admin/page-header';
import { FieldError } from '~/core/ui/form/field';
import { contentAdminMessages } from '../messages';

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * One image of a record (a video's poster, a realization's photo): the stored one or the one just
 * uploaded (its inline preview), a remove button, and the upload with progress. The form submits
 * the file id in a hidden field `name`; an upload's 422 is shown under the field.
 */
export function ImageField({
  name,
  uploadUrl,
  initial,
  label,
  alt,
  hint,
  none,
  removeLabel,
  fields,
}: {
  name: string;
  uploadUrl: string;
  initial: { id: string } | null;
  label: string;
  alt: string;
  hint: string;
  none: string;
  removeLabel: string;
  fields: {
    clear(path?: string): void;
    showFieldErrors(errors: Record<string, string[]>): void;
    error(path: string): { id: string; message: string | undefined };
  };
}) {
  const t = useT(contentAdminMessages);
  const [image, setImage] = useState<{ id: string; src: string } | null>(initial ? { id: initial.id, src: imageUrl(initial.id, 320) } : null);
  return (
    <div className="space-y-3">
      <input type="hidden" name={name} value={image?.id ?? ''} />
      {image ? (
        <div className="flex flex-wrap items-start gap-3">
          <img src={image.src} alt={alt} className="aspect-video w-48 rounded-md border border-slate-200 bg-slate-100 object-cover" />
          <button type="button" className={secondaryButton} onClick={() => setImage(null)}>
            {removeLabel}
          </button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{none}</p>
      )}
      <FileUpload
        url={uploadUrl}
        label={label}
        accept={IMAGE_ACCEPT}
        onUploaded={(r) => {
          const file = r.file as { id: string } | undefined;
          if (file) setImage({ id: file.id, src: typeof r.preview === 'string' ? r.preview : imageUrl(file.id, 320) });
          fields.clear(name);
        }}
        onErrors={(errors) => fields.showFieldErrors({ [name]: errors.file ?? Object.values(errors)[0] ?? [t('v.image')] })}
      />
      <p className="text-xs text-slate-500">{hint}</p>
      <FieldError {...fields.error(name)} />
    </div>
  );
}

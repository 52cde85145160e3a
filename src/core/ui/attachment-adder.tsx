import { useId, useRef, useState } from 'react';
import { isDuplicateAttachment } from '~/core/files/attachments';
import { defineMessages } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { firstErrors } from './form/field-errors';

/** SPEC section 3 "Attachment (in a form)". */
export interface Attachment {
  id: string;
  file: File;
  filename: string;
}

const messages = defineMessages({
  pl: {
    required: 'Pole jest wymagane.',
    duplicate: 'Istnieje już załącznik o tej nazwie.',
    add: 'Dodaj załącznik',
    remove: 'Usuń',
    removeLabel: 'Usuń załącznik {name}',
    file: 'Plik',
    progress: 'Wysyłanie: {percent}%',
  },
  en: {
    required: 'This field is required.',
    duplicate: 'An attachment with this name already exists.',
    add: 'Add attachment',
    remove: 'Remove',
    removeLabel: 'Remove attachment {name}',
    file: 'File',
    progress: 'Uploading: {percent}%',
  },
});

/** The adder's own checks (SPEC section 5) on the files of its box; the message key of the refusal or null. */
export function attachmentRefusal(file: File | null | undefined, existing: Attachment[]): 'required' | 'duplicate' | null {
  if (!file) return 'required';
  // One box holds one kind: the save's rule (isDuplicateAttachment) on the names alone.
  if (
    isDuplicateAttachment(
      existing.map((a) => ({ filename: a.filename })),
      { filename: file.name },
    )
  )
    return 'duplicate';
  return null;
}

/**
 * The bar of a file upload in progress (0-100, e.g. from submitForm's onProgress): a progressbar
 * with its value for assistive technology and the percentage as text, in the page's language.
 */
export function UploadProgress({ percent, className }: { percent: number; className?: string }) {
  const t = useT(messages);
  const label = t('progress', { percent });
  return (
    <div className={className} data-testid="upload-progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{label}</p>
    </div>
  );
}

/**
 * The attachment adder of SPEC section 5: a file is required; a file named like an existing
 * attachment is refused; on success it is added with a generated id and the input is cleared.
 * Server errors `attachments.N.file` show as the filename plus the first message; a general
 * `attachments` error shows its first message.
 */
export function AttachmentAdder({
  value,
  onChange,
  serverErrors,
  accept,
  label,
  hint,
  progress,
  errorPrefix = 'attachments',
  indexOf,
  inputId,
}: {
  value: Attachment[];
  onChange: (next: Attachment[]) => void;
  serverErrors?: Record<string, string[]>;
  accept?: string;
  label?: string;
  /** A note under the input, e.g. the allowed types and size limits. */
  hint?: string;
  /** 0-100 while the form with these attachments is sent (a progress bar), null otherwise. */
  progress?: number | null;
  /** The field of the server errors: `${errorPrefix}` and `${errorPrefix}.N.file`. */
  errorPrefix?: string;
  /**
   * The index N the server uses for an attachment (when several adders share one `attachments`
   * list, e.g. one adder per kind); by default its position in `value`.
   */
  indexOf?: (a: Attachment, position: number) => number;
  /** The file input's id (the target of a field error's scroll). */
  inputId?: string;
}) {
  const t = useT(messages);
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const first = firstErrors(serverErrors);
  const generalError = first[errorPrefix];

  const add = () => {
    const file = input.current?.files?.[0];
    const refusal = attachmentRefusal(file, value);
    if (refusal || !file) {
      setError(t(refusal ?? 'required'));
      return;
    }
    setError(null);
    onChange([...value, { id: crypto.randomUUID(), file, filename: file.name }]);
    if (input.current) input.current.value = '';
  };

  const itemErrors = value
    .map((a, i) => {
      const message = first[`${errorPrefix}.${indexOf ? indexOf(a, i) : i}.file`];
      return message ? `${a.filename}: ${message}` : null;
    })
    .filter(Boolean) as string[];
  const invalid = Boolean(error || generalError || itemErrors.length > 0);

  return (
    <fieldset className="min-w-0 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">{label ?? t('file')}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          ref={input}
          type="file"
          accept={accept}
          aria-label={label ?? t('file')}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={[invalid ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
          className="min-w-0 max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
        />
        <button type="button" onClick={add} className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50">
          {t('add')}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <div id={`${id}-error`}>
        {error && <p className="mt-1 text-sm font-medium text-red-700">{error}</p>}
        {generalError && <p className="mt-1 text-sm font-medium text-red-700">{generalError}</p>}
        {itemErrors.map((m) => (
          <p key={m} className="mt-1 text-sm font-medium text-red-700">
            {m}
          </p>
        ))}
      </div>
      {progress !== null && progress !== undefined && <UploadProgress percent={progress} className="mt-3" />}
      {value.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {value.map((a) => (
            <li key={a.id} className="flex items-center justify-between gap-3 py-1.5">
              <span className="min-w-0 break-all">{a.filename}</span>
              <button
                type="button"
                aria-label={t('removeLabel', { name: a.filename })}
                onClick={() => onChange(value.filter((x) => x.id !== a.id))}
                className="text-red-700 hover:underline"
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

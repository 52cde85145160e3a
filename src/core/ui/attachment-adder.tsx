import { useId, useRef, useState } from 'react';
import { defineMessages } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { firstErrors } from './field-errors';

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
  },
  en: {
    required: 'This field is required.',
    duplicate: 'An attachment with this name already exists.',
    add: 'Add attachment',
    remove: 'Remove',
    removeLabel: 'Remove attachment {name}',
    file: 'File',
  },
});

/** The adder's own checks (SPEC section 5); returns the message key of the refusal or null. */
export function attachmentRefusal(file: File | null | undefined, existing: Attachment[]): 'required' | 'duplicate' | null {
  if (!file) return 'required';
  if (existing.some((a) => a.filename === file.name)) return 'duplicate';
  return null;
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
}: {
  value: Attachment[];
  onChange: (next: Attachment[]) => void;
  serverErrors?: Record<string, string[]>;
  accept?: string;
  label?: string;
}) {
  const t = useT(messages);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const first = firstErrors(serverErrors);

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
    .map((a, i) => (first[`attachments.${i}.file`] ? `${a.filename}: ${first[`attachments.${i}.file`]}` : null))
    .filter(Boolean) as string[];

  return (
    <fieldset className="rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">{label ?? t('file')}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          ref={input}
          type="file"
          accept={accept}
          aria-label={label ?? t('file')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
        />
        <button type="button" onClick={add} className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50">
          {t('add')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {first.attachments && <p className="mt-1 text-sm font-medium text-red-700">{first.attachments}</p>}
      {itemErrors.map((m) => (
        <p key={m} className="mt-1 text-sm font-medium text-red-700">
          {m}
        </p>
      ))}
      {value.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {value.map((a) => (
            <li key={a.id} className="flex items-center justify-between py-1.5">
              <span>{a.filename}</span>
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

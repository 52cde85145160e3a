import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { inputClass } from '~/core/ui/field-errors';
import { useT } from '~/core/i18n/use-locale';
import { adminMessages } from '../messages';

export interface Option {
  /** Option ids are strings (SPEC section 3 "Option lists"). */
  id: string;
  name: string;
}

/** A labelled field with its first error message underneath. */
export function Field({ label, htmlFor, error, errorId, hint, children }: { label?: ReactNode; htmlFor: string; error?: string; errorId?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      {label && (
        <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
          {label}
        </label>
      )}
      {children}
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={errorId ?? `${htmlFor}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * SPEC section 5: the empty option reads '-- wybierz --', or '-- {placeholder} --' when the
 * select has no label.
 */
export function Select({ options, label, placeholder, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { options: Option[]; label?: string; placeholder?: string }) {
  const t = useT(adminMessages);
  const empty = !label && placeholder ? t('select.placeholder', { placeholder }) : t('select.empty');
  return (
    <select {...rest} className={rest.className ?? inputClass}>
      <option value="">{empty}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
}

/** SPEC section 5: the textarea defaults to 3 rows. */
export function Textarea({ rows = 3, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea rows={rows} {...rest} className={rest.className ?? inputClass} />;
}

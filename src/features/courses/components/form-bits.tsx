// Small building blocks of the courses' public and account screens.
import type { ReactNode } from 'react';
import { inputClass } from '~/core/ui/form/field';
import type { RegistrationStatus } from '../courses.schema';

/** A labelled text input with its first error underneath (aria-describedby). */
export function TextInput({
  name,
  label,
  error,
  defaultValue,
  type = 'text',
  autoComplete,
  hint,
  required = true,
  maxLength,
}: {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  hint?: ReactNode;
  required?: boolean;
  maxLength?: number;
}) {
  const id = `course-${name}`;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={inputClass}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const STATUS_STYLE: Record<RegistrationStatus, string> = {
  waiting: 'bg-amber-50 text-amber-900 ring-amber-200',
  registered: 'bg-brand-50 text-brand-900 ring-brand-200',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  attended: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function StatusBadge({ status, label }: { status: RegistrationStatus; label: string }) {
  return (
    <span data-status={status} className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLE[status]}`}>
      {label}
    </span>
  );
}

/** A message over a form: errors (role=alert) or a note (role=status). */
export function Notice({ kind, children, id }: { kind: 'error' | 'success' | 'info' | 'warning'; children: ReactNode; id?: string }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    warning: 'border-amber-200 bg-amber-50 text-amber-900',
    success: 'border-green-200 bg-green-50 text-green-800',
    info: 'border-brand-100 bg-brand-50 text-brand-900',
  }[kind];
  return (
    <div id={id} role={kind === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${styles}`}>
      {children}
    </div>
  );
}

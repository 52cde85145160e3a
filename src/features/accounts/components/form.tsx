// Form building blocks of the account screens (Conform + the shared Zod schemas): labelled
// fields whose first error sits under them (linked by aria-describedby), the anti-forgery field,
// and the scroll to the first invalid field below the sticky navigation (SPEC section 5).
import { type ReactNode, useEffect, useRef } from 'react';
import { inputClass, scrollToFirstInvalid } from '~/core/ui/field-errors';

/** What the fields use of Conform's field metadata. */
export interface Meta {
  id: string;
  name: string;
  key?: string;
  errorId: string;
  descriptionId: string;
  errors?: unknown;
  initialValue?: unknown;
}

function errorsOf(meta: Meta): string[] {
  return Array.isArray(meta.errors) ? meta.errors.filter((e): e is string => typeof e === 'string') : [];
}

function describedBy(meta: Meta, hint?: ReactNode): string | undefined {
  const ids = [errorsOf(meta).length ? meta.errorId : null, hint ? meta.descriptionId : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function ErrorText({ meta }: { meta: Meta }) {
  const first = errorsOf(meta)[0];
  if (!first) return null;
  return (
    <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-700">
      {first}
    </p>
  );
}

function Hint({ meta, hint }: { meta: Meta; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={meta.descriptionId} className="mt-1 text-xs text-slate-600">
      {hint}
    </p>
  );
}

function Label({ htmlFor, label, required, optional }: { htmlFor: string; label: ReactNode; required?: boolean; optional?: string }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
      {label}
      {required && (
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      )}
      {optional && <span className="font-normal text-slate-500"> {optional}</span>}
    </label>
  );
}

export function TextField({
  meta,
  label,
  type = 'text',
  autoComplete,
  required,
  hint,
  optional,
  keepValue = true,
  className,
}: {
  meta: Meta;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
  optional?: string;
  /** Passwords are never written back into the page. */
  keepValue?: boolean;
  className?: string;
}) {
  const initial = typeof meta.initialValue === 'string' ? meta.initialValue : undefined;
  return (
    <div className={className}>
      <Label htmlFor={meta.id} label={label} required={required} optional={optional} />
      <input
        key={meta.key}
        id={meta.id}
        name={meta.name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={keepValue ? initial : undefined}
        aria-required={required || undefined}
        aria-invalid={errorsOf(meta).length ? true : undefined}
        aria-describedby={describedBy(meta, hint)}
        className={inputClass}
      />
      <ErrorText meta={meta} />
      <Hint meta={meta} hint={hint} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  required,
  className,
}: {
  meta: Meta;
  label: string;
  options: { value: string; label: string }[];
  required?: boolean;
  className?: string;
}) {
  const initial = typeof meta.initialValue === 'string' ? meta.initialValue : undefined;
  return (
    <div className={className}>
      <Label htmlFor={meta.id} label={label} required={required} />
      <select
        key={meta.key}
        id={meta.id}
        name={meta.name}
        defaultValue={initial}
        aria-required={required || undefined}
        aria-invalid={errorsOf(meta).length ? true : undefined}
        aria-describedby={describedBy(meta)}
        className={`${inputClass} bg-white`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText meta={meta} />
    </div>
  );
}

const CHECKED = new Set(['1', 'on', 'true']);

export function CheckboxField({
  meta,
  label,
  hint,
  required,
  requiredText,
  defaultChecked,
}: {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** Screen-reader text for "required". */
  requiredText?: string;
  defaultChecked?: boolean;
}) {
  const initial = meta.initialValue;
  const checked = initial === undefined || initial === null ? defaultChecked : CHECKED.has(String(initial));
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          key={meta.key}
          id={meta.id}
          name={meta.name}
          type="checkbox"
          value="1"
          defaultChecked={checked}
          aria-required={required || undefined}
          aria-invalid={errorsOf(meta).length ? true : undefined}
          aria-describedby={describedBy(meta, hint)}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700 accent-brand-700 focus:ring-2 focus:ring-brand-300 aria-[invalid=true]:outline aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-600"
        />
        <label htmlFor={meta.id} className="text-sm leading-5 text-slate-800">
          {label}
          {required && (
            <>
              <span className="text-red-700" aria-hidden="true">
                {' '}
                *
              </span>
              {requiredText && <span className="sr-only"> ({requiredText})</span>}
            </>
          )}
        </label>
      </div>
      <div className="pl-8">
        <ErrorText meta={meta} />
        <Hint meta={meta} hint={hint} />
      </div>
    </div>
  );
}

/**
 * After a submit that ends in errors (checked in the browser or answered 422 by the server), scrolls
 * the first invalid field to just below the navigation bar (+5 px) and focuses it.
 */
export function useScrollToFirstError(formId: string, status: 'success' | 'error' | undefined, result: unknown) {
  const submitted = useRef(false);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!form) return;
    const mark = () => {
      submitted.current = true;
    };
    form.addEventListener('submit', mark, true);
    return () => form.removeEventListener('submit', mark, true);
  }, [formId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new result arrives
  useEffect(() => {
    if (status !== 'error' || !submitted.current) return;
    submitted.current = false;
    const form = document.getElementById(formId);
    if (form) requestAnimationFrame(() => scrollToFirstInvalid(form));
  }, [status, result, formId]);
}

export function SubmitButton({ pending, children, pendingText }: { pending: boolean; children: ReactNode; pendingText?: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending || undefined}
      className="inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-300 focus:ring-offset-2 disabled:cursor-wait disabled:opacity-70"
    >
      {pending && pendingText ? pendingText : children}
    </button>
  );
}

/** A message over a form: errors of the whole form (role=alert) or a success note (role=status). */
export function FormMessage({ kind, children, id }: { kind: 'error' | 'success' | 'info' | 'warning'; children: ReactNode; id?: string }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    warning: 'border-amber-200 bg-amber-50 text-amber-900',
    success: 'border-green-200 bg-green-50 text-green-800',
    info: 'border-brand-100 bg-brand-50 text-brand-900',
  }[kind];
  return (
    <div id={id} role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${styles}`}>
      {children}
    </div>
  );
}

/** The page frame of the account screens. */
export function AccountCard({ title, lead, children, wide }: { title: string; lead?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className={`mx-auto ${wide ? 'max-w-3xl' : 'max-w-md'} rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}>
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        {lead && <p className="mt-2 text-sm text-slate-600">{lead}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

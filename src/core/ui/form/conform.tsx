// The fields of forms built with Conform (the shared Zod schema checks in the browser, the action
// parses with the same one and answers 422): each takes Conform's field metadata and renders
// through the one field frame (field.tsx), ids and error ids as Conform makes them.
import { type ReactNode, useEffect, useRef } from 'react';
import { scrollToFirstInvalid } from './field-errors';
import { controlAria, Field, Hint, FieldError, inputClass, RequiredMark } from './field';

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

function firstError(meta: Meta): string | undefined {
  return Array.isArray(meta.errors) ? meta.errors.find((e): e is string => typeof e === 'string' && e !== '') : undefined;
}

function ids(meta: Meta) {
  return { hintId: meta.descriptionId, errorId: meta.errorId };
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
  const error = firstError(meta);
  return (
    <Field id={meta.id} {...ids(meta)} label={label} required={required} optional={optional} hint={hint} error={error} className={className}>
      <input
        key={meta.key}
        id={meta.id}
        name={meta.name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={keepValue ? initial : undefined}
        {...controlAria({ ...ids(meta), hint, error, required })}
        className={inputClass}
      />
    </Field>
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
  const error = firstError(meta);
  return (
    <Field id={meta.id} {...ids(meta)} label={label} required={required} error={error} className={className}>
      <select
        key={meta.key}
        id={meta.id}
        name={meta.name}
        defaultValue={initial}
        {...controlAria({ ...ids(meta), error, required })}
        className={`${inputClass} bg-white`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
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
  const error = firstError(meta);
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
          {...controlAria({ ...ids(meta), hint, error, required })}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700 accent-brand-700 focus:ring-2 focus:ring-brand-300 aria-[invalid=true]:outline aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-600"
        />
        <label htmlFor={meta.id} className="text-sm leading-5 text-slate-800">
          {label}
          {required && <RequiredMark srText={requiredText} />}
        </label>
      </div>
      <div className="pl-8">
        <Hint id={meta.descriptionId}>{hint}</Hint>
        <FieldError id={meta.errorId} message={error} />
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

// The one field frame of every form, public pages and admin screens alike: the label with its
// required mark (or "(optional)"), the control, a hint and the field's first error (the 422
// answer or the check in the browser, SPEC section 5), the control linked to both by
// aria-describedby and marked aria-invalid while the error shows.
import type { ReactNode } from 'react';

/** Tailwind classes of an input; the invalid style follows aria-invalid. */
export const inputClass =
  'block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-100';

/** The ids of the elements describing a control, or undefined when there are none. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The red asterisk after a required field's label; `srText` adds "(required)" for screen readers. */
export function RequiredMark({ srText }: { srText?: string }) {
  return (
    <>
      <span aria-hidden="true" className="text-red-700">
        {' '}
        *
      </span>
      {srText && <span className="sr-only"> ({srText})</span>}
    </>
  );
}

/** A field's label: the text, then the required mark or the optional note. */
export function Label({
  htmlFor,
  id,
  children,
  required,
  optional,
  requiredText,
  className = 'mb-1 block text-sm font-medium text-slate-800',
}: {
  htmlFor?: string;
  id?: string;
  children: ReactNode;
  required?: boolean;
  /** Shown after the label of an optional field, e.g. "(opcjonalnie)". */
  optional?: string;
  requiredText?: string;
  className?: string;
}) {
  return (
    <label htmlFor={htmlFor} id={id} className={className}>
      {children}
      {required ? <RequiredMark srText={requiredText} /> : optional ? <span className="font-normal text-slate-500"> {optional}</span> : null}
    </label>
  );
}

/** A line of help under a field. */
export function Hint({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {children}
    </p>
  );
}

/** The first message of a field, linked from the field by aria-describedby. */
export function FieldError({ id, message, children }: { id: string; message: string | undefined; children?: ReactNode }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
      {children}
    </p>
  );
}

export interface FieldIds {
  id: string;
  hintId: string;
  errorId: string;
}

/** The ids of a field's hint and error: `{id}-hint` and `{id}-error` unless given. */
export function fieldIds(id: string, ids: { hintId?: string; errorId?: string } = {}): FieldIds {
  return { id, hintId: ids.hintId ?? `${id}-hint`, errorId: ids.errorId ?? `${id}-error` };
}

/** The attributes of a control that has a hint and an error (either may be absent). */
export function controlAria({
  hintId,
  errorId,
  hint,
  error,
  required,
}: {
  hintId: string;
  errorId: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
}) {
  return {
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy(error ? errorId : undefined, hint ? hintId : undefined),
    'aria-required': required || undefined,
  };
}

/**
 * A labelled field: label (with the required mark or optional note), the control, the hint and
 * the first error. The control wires itself with `controlAria` (or comes already wired).
 */
export function Field({
  id,
  label,
  required,
  optional,
  requiredText,
  hint,
  hintId = `${id}-hint`,
  error,
  errorId = `${id}-error`,
  className,
  children,
}: {
  id: string;
  label?: ReactNode;
  required?: boolean;
  optional?: string;
  requiredText?: string;
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      {label && (
        <Label htmlFor={id} required={required} optional={optional} requiredText={requiredText}>
          {label}
        </Label>
      )}
      {children}
      <Hint id={hintId}>{hint}</Hint>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

// Fields of the public forms (complaint, contact, application, …) on the shared 422 machinery
// (field-errors.tsx): each field takes its id, name and aria-invalid from `f.field(path)`, shows its
// first message under it with the invalid style, and the page scrolls to the first invalid field.
import type { ReactNode } from 'react';
import { FieldError, inputClass } from './field-errors';

type Errors = {
  field(path: string): { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
  error(path: string): { id: string; message: string | undefined };
};

export interface FieldBase {
  f: Errors;
  path: string;
  label: ReactNode;
  required?: boolean;
  /** Shown after the label of an optional field, e.g. "(opcjonalnie)". */
  optionalText?: string;
  hint?: string;
  className?: string;
}

function Label({ htmlFor, label, required, optionalText }: { htmlFor: string; label: ReactNode; required?: boolean; optionalText?: string }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
      {label}
      {required ? (
        <span aria-hidden="true" className="text-red-700">
          {' '}
          *
        </span>
      ) : optionalText ? (
        <span className="font-normal text-slate-500"> {optionalText}</span>
      ) : null}
    </label>
  );
}

function describedBy(own: string | undefined, hintId: string | undefined): string | undefined {
  return [own, hintId].filter(Boolean).join(' ') || undefined;
}

export function TextInput({
  f,
  path,
  label,
  required,
  optionalText,
  hint,
  className,
  value,
  onChange,
  type = 'text',
  autoComplete,
  list,
  inputMode,
  max,
}: FieldBase & {
  value: string;
  onChange: (v: string) => void;
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  list?: string;
  inputMode?: 'numeric' | 'text' | 'tel' | 'email';
  max?: string;
}) {
  const props = f.field(path);
  const hintId = hint ? `${props.id}-hint` : undefined;
  return (
    <div className={className}>
      <Label htmlFor={props.id} label={label} required={required} optionalText={optionalText} />
      <input
        {...props}
        aria-describedby={describedBy(props['aria-describedby'], hintId)}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        list={list}
        inputMode={inputMode}
        max={max}
        aria-required={required || undefined}
        className={inputClass}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError {...f.error(path)} />
    </div>
  );
}

export function TextArea({
  f,
  path,
  label,
  required,
  optionalText,
  hint,
  className,
  value,
  onChange,
  rows = 3,
}: FieldBase & { value: string; onChange: (v: string) => void; rows?: number }) {
  const props = f.field(path);
  const hintId = hint ? `${props.id}-hint` : undefined;
  return (
    <div className={className}>
      <Label htmlFor={props.id} label={label} required={required} optionalText={optionalText} />
      <textarea
        {...props}
        aria-describedby={describedBy(props['aria-describedby'], hintId)}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        className={inputClass}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError {...f.error(path)} />
    </div>
  );
}

/** A select whose empty option reads '-- wybierz --' (SPEC section 5), passed in as `emptyLabel`. */
export function SelectInput({
  f,
  path,
  label,
  required,
  optionalText,
  className,
  value,
  onChange,
  options,
  emptyLabel,
}: FieldBase & { value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; emptyLabel: string }) {
  const props = f.field(path);
  return (
    <div className={className}>
      <Label htmlFor={props.id} label={label} required={required} optionalText={optionalText} />
      <select {...props} value={value} onChange={(e) => onChange(e.target.value)} aria-required={required || undefined} className={inputClass}>
        <option value="">{emptyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError {...f.error(path)} />
    </div>
  );
}

/** A group of radio buttons; the group's first radio carries the field's id (the scroll target). */
export function RadioGroup({
  f,
  path,
  label,
  required,
  className,
  value,
  onChange,
  options,
}: FieldBase & { value: string; onChange: (v: string) => void; options: { value: string; label: string }[] }) {
  const props = f.field(path);
  const legendId = `${props.id}-legend`;
  return (
    <fieldset className={className} aria-describedby={props['aria-describedby']}>
      <legend id={legendId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((o, i) => (
          <label key={o.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={props.name}
              id={i === 0 ? props.id : `${props.id}-${o.value}`}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              aria-invalid={i === 0 ? props['aria-invalid'] : undefined}
              className="h-4 w-4 accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError {...f.error(path)} />
    </fieldset>
  );
}

export function Checkbox({
  f,
  path,
  label,
  required,
  className,
  checked,
  onChange,
}: Omit<FieldBase, 'optionalText' | 'hint'> & { checked: boolean; onChange: (v: boolean) => void }) {
  const props = f.field(path);
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          {...props}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-required={required || undefined}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
        />
        <label htmlFor={props.id} className="text-sm text-slate-800">
          {label}
          {required && (
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          )}
        </label>
      </div>
      <FieldError {...f.error(path)} />
    </div>
  );
}

/**
 * The hidden honeypot field: off-screen and out of the tab order, so people leave it empty; a
 * filled one marks a bot (the server then stores nothing).
 */
export function Honeypot({ name, label, value, onChange }: { name: string; label: string; value: string; onChange: (v: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {label}
        <input type="text" name={name} tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}

export function SubmitButton({ pending, children, pendingText }: { pending: boolean; children: ReactNode; pendingText: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className="inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {pending ? pendingText : children}
    </button>
  );
}

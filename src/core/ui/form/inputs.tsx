// Controlled fields on the 422 machinery of field-errors.tsx (complaint, contact, application,
// newsletter, cart, …): each takes its id, name and aria-invalid from `f.field(path)`, renders
// through the one field frame (field.tsx) with its first message under it, and the page scrolls to
// the first invalid field.
import type { ReactNode } from 'react';
import type { FieldProps } from './field-errors';
import { describedBy, Field, FieldError, inputClass, RequiredMark } from './field';

type Errors = {
  field(path: string): FieldProps;
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

/** The frame of one field with the control's attributes: id, name, aria-invalid and aria-describedby (error, hint). */
function frameOf({ f, path, label, required, optionalText, hint, className }: FieldBase) {
  const props = f.field(path);
  const error = f.error(path);
  const hintId = `${props.id}-hint`;
  const control = { ...props, 'aria-describedby': describedBy(props['aria-describedby'], hint ? hintId : undefined), 'aria-required': required || undefined };
  const frame = { id: props.id, label, required, optional: optionalText, hint, hintId, error: error.message, errorId: error.id, className };
  return { control, frame };
}

export function TextInput({
  value,
  onChange,
  type = 'text',
  autoComplete,
  list,
  inputMode,
  max,
  ...base
}: FieldBase & {
  value: string;
  onChange: (v: string) => void;
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  list?: string;
  inputMode?: 'numeric' | 'text' | 'tel' | 'email';
  max?: string;
}) {
  const { control, frame } = frameOf(base);
  return (
    <Field {...frame}>
      <input
        {...control}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        list={list}
        inputMode={inputMode}
        max={max}
        className={inputClass}
      />
    </Field>
  );
}

export function TextArea({ value, onChange, rows = 3, ...base }: FieldBase & { value: string; onChange: (v: string) => void; rows?: number }) {
  const { control, frame } = frameOf(base);
  return (
    <Field {...frame}>
      <textarea {...control} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
    </Field>
  );
}

/** A select whose empty option reads '-- wybierz --' (SPEC section 5), passed in as `emptyLabel`. */
export function SelectInput({
  value,
  onChange,
  options,
  emptyLabel,
  ...base
}: FieldBase & { value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; emptyLabel: string }) {
  const { control, frame } = frameOf({ ...base, hint: undefined });
  return (
    <Field {...frame}>
      <select {...control} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
        <option value="">{emptyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
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
        {required && <RequiredMark />}
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
          {required && <RequiredMark />}
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

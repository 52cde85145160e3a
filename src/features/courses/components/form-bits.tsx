// Small building blocks of the courses' public and account screens, on the form kit.
import type { ReactNode } from 'react';
import { controlAria, Field, inputClass } from '~/core/ui/form/field';
import { type BadgeTone, StatusBadge as KitStatusBadge } from '~/core/ui/form/status-badge';
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
  const ids = { hintId: `${id}-hint`, errorId: `${id}-error` };
  return (
    <Field id={id} {...ids} label={label} required={required} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        maxLength={maxLength}
        {...controlAria({ ...ids, hint, error })}
        className={inputClass}
      />
    </Field>
  );
}

const STATUS_TONE: Record<RegistrationStatus, BadgeTone> = {
  waiting: 'amber',
  registered: 'blue',
  confirmed: 'green',
  attended: 'teal',
  cancelled: 'grey',
};

export function StatusBadge({ status, label }: { status: RegistrationStatus; label: string }) {
  return (
    <KitStatusBadge tone={STATUS_TONE[status]} status={status}>
      {label}
    </KitStatusBadge>
  );
}

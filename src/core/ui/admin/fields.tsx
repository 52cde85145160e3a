import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useState } from 'react';
import type { Locale } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { slugify } from '~/core/text';
import { FieldError, Field as FormField, inputClass } from '~/core/ui/form/field';
import type { FieldProps } from '~/core/ui/form/field-errors';
import { adminMessages } from './messages';

export interface Option {
  /** Option ids are strings (SPEC section 3 "Option lists"). */
  id: string;
  name: string;
}

/** A labelled field with its hint and first error message underneath (the form kit's frame). */
export function Field({
  label,
  htmlFor,
  error,
  errorId,
  hint,
  children,
}: {
  label?: ReactNode;
  htmlFor: string;
  error?: string;
  errorId?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <FormField id={htmlFor} label={label} hint={hint} error={error} errorId={errorId}>
      {children}
    </FormField>
  );
}

/**
 * SPEC section 5: the empty option reads '-- wybierz --', or '-- {placeholder} --' when the
 * select has no label.
 */
export function Select({
  options,
  label,
  placeholder,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { options: Option[]; label?: string; placeholder?: string }) {
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

type PerLanguage = Record<Locale, string>;

/** The name (or title) and URL slug of a record in both languages; a slug follows its name until edited by hand. */
export function useNameAndSlug(initial: { name: PerLanguage; slug: PerLanguage }) {
  const [name, setName] = useState(initial.name);
  const [slug, setSlug] = useState(initial.slug);
  const [slugEdited, setSlugEdited] = useState({ pl: initial.slug.pl !== '', en: initial.slug.en !== '' });
  return {
    name,
    slug,
    changeName(lang: Locale, value: string) {
      setName((s) => ({ ...s, [lang]: value }));
      if (!slugEdited[lang]) setSlug((s) => ({ ...s, [lang]: slugify(value) }));
    },
    changeSlug(lang: Locale, value: string) {
      setSlug((s) => ({ ...s, [lang]: value }));
      setSlugEdited((s) => ({ ...s, [lang]: value !== '' }));
    },
  };
}

/** The name and slug inputs of one language, with their 422 messages. */
export function NameAndSlugFields({
  lang,
  state,
  fields,
  nameField = 'name',
  nameLabel,
  nameMaxLength,
  nameRequired = true,
  slugLabel,
  slugHint,
  slugMaxLength = 120,
}: {
  lang: Locale;
  state: ReturnType<typeof useNameAndSlug>;
  fields: { field(path: string): FieldProps; error(path: string): { id: string; message: string | undefined } };
  nameField?: string;
  nameLabel: ReactNode;
  nameMaxLength: number;
  nameRequired?: boolean;
  slugLabel: ReactNode;
  slugHint: ReactNode;
  slugMaxLength?: number;
}) {
  const nameProps = fields.field(`${nameField}_${lang}`);
  const slugProps = fields.field(`slug_${lang}`);
  return (
    <>
      <Field label={nameLabel} htmlFor={nameProps.id}>
        <input
          {...nameProps}
          required={nameRequired}
          maxLength={nameMaxLength}
          value={state.name[lang]}
          onChange={(e) => state.changeName(lang, e.currentTarget.value)}
          className={inputClass}
        />
        <FieldError {...fields.error(`${nameField}_${lang}`)} />
      </Field>
      <Field label={slugLabel} htmlFor={slugProps.id} hint={slugHint}>
        <input
          {...slugProps}
          maxLength={slugMaxLength}
          value={state.slug[lang]}
          onChange={(e) => state.changeSlug(lang, e.currentTarget.value)}
          className={`${inputClass} font-mono`}
          spellCheck={false}
          autoCapitalize="off"
        />
        <FieldError {...fields.error(`slug_${lang}`)} />
      </Field>
    </>
  );
}

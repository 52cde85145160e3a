import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONTACT_ABOUT_MAX } from '~/core/company';
import { isOneLine } from '~/core/http/one-line';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { SubmitButton } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';
import { Checkbox, Honeypot, SelectInput, TextArea, TextInput } from '~/core/ui/form/inputs';
import { clientErrors, submitForm } from '~/core/ui/form/submit';
import { CONTACT_SUBJECTS } from '../constants';
import { formsMessages } from '../messages';
import { contactSchema, HONEYPOT_FIELD } from '../validation';

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '', accepted_privacy: false, website: '' };

/**
 * What `?subject=&about=` (core's contactPath) asks the form to start with: a known subject and the
 * first line of the message naming what it is about. Anything else is ignored.
 */
export function contactTopic(search: URLSearchParams, aboutLine: (about: string) => string): { subject: string; message: string } | null {
  const subject = CONTACT_SUBJECTS.find((s) => s === search.get('subject'));
  if (!subject) return null;
  // One line, bounded: a control character (NUL, a line break) drops the "about" part.
  const raw = (search.get('about') ?? '').trim().slice(0, CONTACT_ABOUT_MAX);
  const about = isOneLine(raw) ? raw : '';
  return { subject, message: about ? `${aboutLine(about)}\n\n` : '' };
}

/** The contact form (POST /api/contact), shown on /{locale}/contact; `prefill` is the logged-in user's name and e-mail. */
export function ContactForm({ prefill }: { prefill?: { name: string; email: string } }) {
  const t = useT(formsMessages);
  const locale = useLocale();
  const [search] = useSearchParams();
  const initial = { ...EMPTY, ...prefill, ...contactTopic(search, (about) => t('contact.about', { about })) };
  const [values, setValues] = useState(initial);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const f = useFieldErrors({ prefix: 'contact' });
  const set =
    <K extends keyof typeof EMPTY>(key: K) =>
    (v: (typeof EMPTY)[K]) => {
      setValues((prev) => ({ ...prev, [key]: v }));
      f.clear(key);
    };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const local = clientErrors(contactSchema(locale), values);
    if (local) {
      f.showFieldErrors(local);
      return;
    }
    setPending(true);
    const res = await submitForm<{ message: string; id: number }>('/api/contact', values);
    setPending(false);
    if (res.ok) {
      setSent(res.data.message);
      setValues(initial);
      f.showFieldErrors({});
    } else if (res.status === 422) f.showFieldErrors(res.errors);
  };

  return (
    <section aria-labelledby="contact-form-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900">
        {t('contact.formTitle')}
      </h2>
      {sent && (
        <Notice kind="success" className="mt-4">
          {sent}
        </Notice>
      )}
      <form ref={f.formRef} onSubmit={onSubmit} noValidate className="relative mt-4 space-y-4">
        <p className="text-sm text-slate-600">{t('form.requiredNote')}</p>
        <Honeypot name={HONEYPOT_FIELD} label={t('honeypot.label')} value={values.website} onChange={set('website')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput f={f} path="name" label={t('contact.name')} required value={values.name} onChange={set('name')} autoComplete="name" />
          <TextInput f={f} path="email" type="email" label={t('contact.email')} required value={values.email} onChange={set('email')} autoComplete="email" />
          <TextInput
            f={f}
            path="phone"
            type="tel"
            label={t('contact.phone')}
            optionalText={t('field.optional')}
            value={values.phone}
            onChange={set('phone')}
            autoComplete="tel"
          />
          <SelectInput
            f={f}
            path="subject"
            label={t('contact.subject')}
            required
            value={values.subject}
            onChange={set('subject')}
            emptyLabel={t('select.empty')}
            options={CONTACT_SUBJECTS.map((s) => ({ value: s, label: t(`contact.subject.${s}`) }))}
          />
        </div>
        <TextArea f={f} path="message" label={t('contact.message')} required rows={5} value={values.message} onChange={set('message')} />
        <Checkbox
          f={f}
          path="accepted_privacy"
          required
          checked={values.accepted_privacy}
          onChange={set('accepted_privacy')}
          label={
            <>
              {t('consent.privacy.before')}
              <a
                href={`/${locale}/static/polityka-prywatnosci`}
                target="_blank"
                rel="noopener"
                className="font-medium text-brand-700 underline hover:text-brand-900"
              >
                {t('consent.privacy.link')}
                <span className="sr-only"> {t('consent.newTab')}</span>
              </a>
              {t('consent.privacy.after')}
            </>
          }
        />
        <div className="flex justify-end">
          <SubmitButton pending={pending} pendingText={t('form.sending')}>
            {t('contact.submit')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

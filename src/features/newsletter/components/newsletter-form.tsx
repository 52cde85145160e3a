// The newsletter signup (POST /api/newsletter): on /{locale}/newsletter, in the home popup and in
// the footer. Name, e-mail and the required consent with a link to the newsletter terms.
import { useEffect, useRef, useState } from 'react';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { SubmitButton } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';
import { Checkbox, Honeypot, TextInput } from '~/core/ui/form/inputs';
import { clientErrors, submitForm } from '~/core/ui/form/submit';
import { NEWSLETTER_TERMS_SLUG, type SignupForm } from '../constants';
import { newsletterMessages } from '../messages';
import { HONEYPOT_FIELD, subscribeSchema } from '../validation';

const EMPTY = { name: '', email: '', consent: false, website: '' };

export function NewsletterForm({ variant, onSubscribed, autoFocus }: { variant: SignupForm; onSubscribed?: () => void; autoFocus?: boolean }) {
  const t = useT(newsletterMessages);
  const locale = useLocale();
  const [values, setValues] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const f = useFieldErrors({ prefix: `newsletter-${variant}` });
  const root = useRef<HTMLDivElement>(null);
  // Opened on request (the footer's button): the focus goes to the first field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (autoFocus) root.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
  }, []);
  const set =
    <K extends keyof typeof EMPTY>(key: K) =>
    (v: (typeof EMPTY)[K]) => {
      setValues((prev) => ({ ...prev, [key]: v }));
      f.clear(key);
    };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const data = { ...values, form: variant };
    const local = clientErrors(subscribeSchema(locale), data);
    if (local) {
      f.showFieldErrors(local);
      return;
    }
    setPending(true);
    const res = await submitForm<{ message: string }>('/api/newsletter', data, { notifySuccess: false });
    setPending(false);
    if (res.ok) {
      setSent(res.data.message);
      setValues(EMPTY);
      f.showFieldErrors({});
      onSubscribed?.();
    } else if (res.status === 422) f.showFieldErrors(res.errors);
  };

  if (sent) {
    return (
      <Notice kind="success" data-testid={`newsletter-${variant}-sent`}>
        {sent}
      </Notice>
    );
  }

  const wide = variant !== 'popup';
  return (
    <div ref={root}>
      <form ref={f.formRef} onSubmit={onSubmit} noValidate className="relative space-y-3" aria-label={t('page.title')} data-newsletter-form={variant}>
        <Honeypot name={HONEYPOT_FIELD} label={t('form.honeypot')} value={values.website} onChange={set('website')} />
        <div className={wide ? 'grid gap-3 sm:grid-cols-2' : 'grid gap-3'}>
          <TextInput f={f} path="name" label={t('form.name')} required value={values.name} onChange={set('name')} autoComplete="given-name" />
          <TextInput f={f} path="email" type="email" label={t('form.email')} required value={values.email} onChange={set('email')} autoComplete="email" />
        </div>
        <Checkbox
          f={f}
          path="consent"
          required
          checked={values.consent}
          onChange={set('consent')}
          label={
            <>
              {t('form.consent.before')}
              <a
                href={`/${locale}/static/${NEWSLETTER_TERMS_SLUG}`}
                target="_blank"
                rel="noopener"
                className="font-medium text-brand-700 underline hover:text-brand-900"
              >
                {t('form.consent.link')}
                <span className="sr-only"> {t('form.newTab')}</span>
              </a>
              {t('form.consent.after')}
            </>
          }
        />
        <div className={wide ? 'flex justify-end' : 'flex'}>
          <SubmitButton pending={pending} pendingText={t('form.sending')}>
            {t('form.submit')}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_FILE_MB, ATTACHMENT_MAX_FORM_MB, attachmentMessages } from '~/core/files/attachments';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { Link } from 'react-router';
import { getCurrentUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { type Attachment, AttachmentAdder } from '~/core/ui/attachment-adder';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { SubmitButton } from '~/core/ui/form/button';
import { Checkbox, Honeypot, RadioGroup, TextArea, TextInput } from '~/core/ui/form/inputs';
import { clientErrors, submitForm } from '~/core/ui/form/submit';
import { complaintPrefill } from '../complaints.server';
import { PREFERRED_ACTIONS } from '../constants';
import { formsMessages } from '../messages';
import { todayInWarsaw } from '~/core/time/days';
import { complaintSchema, HONEYPOT_FIELD } from '../validation';
import type { Route } from './+types/complaint-form';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(formsMessages, layout.locale);
  return seoMeta({ ...layout, path: '/complaint-form', title: t('complaint.title'), description: t('complaint.metaDescription') });
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context);
  // A logged-in sender finds the complaint in My account afterwards.
  return { prefill: user ? await complaintPrefill(user.id) : {}, listed: Boolean(user?.isVerified && user.isActive) };
}

type Values = {
  company_name: string;
  tax_identification_nr: string;
  street: string;
  postcode: string;
  post: string;
  contact_person: string;
  phone: string;
  email: string;
  purchase_date: string;
  purchase_document_number: string;
  product_name: string;
  description: string;
  defect_noticed_date: string;
  preferred_action: string;
  preferred_action_other: string;
  is_different_delivery_address: boolean;
  delivery_name: string;
  delivery_street: string;
  delivery_postcode: string;
  delivery_post: string;
  accepted_privacy: boolean;
  accepted_rodo: boolean;
  website: string;
};

const EMPTY: Values = {
  company_name: '',
  tax_identification_nr: '',
  street: '',
  postcode: '',
  post: '',
  contact_person: '',
  phone: '',
  email: '',
  purchase_date: '',
  purchase_document_number: '',
  product_name: '',
  description: '',
  defect_noticed_date: '',
  preferred_action: '',
  preferred_action_other: '',
  is_different_delivery_address: false,
  delivery_name: '',
  delivery_street: '',
  delivery_postcode: '',
  delivery_post: '',
  accepted_privacy: false,
  accepted_rodo: false,
  website: '',
};

/** Catalogue names for the product field (a datalist), fetched as the user types. */
function useProductSuggestions(query: string): { id: string; name: string }[] {
  const [items, setItems] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setItems([]);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/complaints/product-suggestions?q=${encodeURIComponent(q)}`, { signal: ctrl.signal, headers: { Accept: 'application/json' } })
        .then((r) => (r.ok ? r.json() : { items: [] }))
        .then((d: { items?: { id: string; name: string }[] }) => setItems(d.items ?? []))
        .catch(() => {});
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [query]);
  return items;
}

export default function ComplaintForm({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useT(formsMessages);
  const ta = useT(attachmentMessages);
  const initial = useMemo(() => ({ ...EMPTY, ...loaderData.prefill }), [loaderData.prefill]);
  const [values, setValues] = useState<Values>(initial);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const f = useFieldErrors({ prefix: 'complaint' });
  const suggestions = useProductSuggestions(values.product_name);
  const sentRef = useRef<HTMLDivElement>(null);
  const today = todayInWarsaw();

  const set =
    <K extends keyof Values>(key: K) =>
    (v: Values[K]) => {
      setValues((prev) => ({ ...prev, [key]: v }));
      f.clear(key);
    };

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (progress !== null) return;
    const payload = { ...values, attachments: attachments.map((a) => ({ id: a.id, file: a.file, filename: a.filename })) };
    const local = clientErrors(complaintSchema(locale, { today }), payload);
    if (local) {
      setServerErrors(local);
      f.showFieldErrors(local);
      return;
    }
    setProgress(0);
    const res = await submitForm<{ message: string; id: number; number: string }>('/api/complaints', payload, { onProgress: setProgress });
    setProgress(null);
    if (res.ok) {
      setSent(res.data.message);
      setValues(initial);
      setAttachments([]);
      setServerErrors({});
      f.showFieldErrors({});
    } else if (res.status === 422) {
      setServerErrors(res.errors ?? {});
      // Attachment errors are shown by the adder; its file input carries the invalid mark.
      f.showFieldErrors(res.errors);
    }
  };

  const optional = t('field.optional');
  const section = 'min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-6';
  const legend = 'px-1 text-base font-semibold text-brand-900';
  const attachmentErrors = Object.keys(serverErrors).some((k) => k === 'attachments' || k.startsWith('attachments.'));

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl font-bold leading-tight sm:text-4xl">{t('complaint.title')}</h1>
          <p className="mt-3 max-w-3xl text-base text-brand-100 sm:text-lg">{t('complaint.lead')}</p>
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4 py-10">
        {sent ? (
          <div ref={sentRef} tabIndex={-1} role="status" className="rounded-lg border border-green-200 bg-green-50 p-6 focus:outline-none">
            <h2 className="text-xl font-semibold text-green-900">{t('complaint.sentTitle')}</h2>
            <p className="mt-2 text-green-900">{sent}</p>
            <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
              <button type="button" onClick={() => setSent(null)} className="font-medium text-brand-700 underline hover:text-brand-900">
                {t('complaint.another')}
              </button>
              {loaderData.listed && (
                <Link to={`/${locale}/my-account/complaints`} className="font-medium text-brand-700 underline hover:text-brand-900">
                  {t('complaint.my.title')}
                </Link>
              )}
            </div>
          </div>
        ) : (
          <form ref={f.formRef} onSubmit={onSubmit} noValidate className="relative space-y-6" aria-describedby="complaint-required-note">
            <p id="complaint-required-note" className="text-sm text-slate-600">
              {t('form.requiredNote')}
            </p>
            <Honeypot name={HONEYPOT_FIELD} label={t('honeypot.label')} value={values.website} onChange={set('website')} />
            <fieldset className={section}>
              <legend className={legend}>{t('complaint.section.company')}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextInput
                  f={f}
                  path="company_name"
                  label={t('complaint.company_name')}
                  required
                  value={values.company_name}
                  onChange={set('company_name')}
                  autoComplete="organization"
                />
                <TextInput
                  f={f}
                  path="tax_identification_nr"
                  label={t('complaint.tax_identification_nr')}
                  optionalText={optional}
                  value={values.tax_identification_nr}
                  onChange={set('tax_identification_nr')}
                />
                <TextInput
                  f={f}
                  path="street"
                  label={t('complaint.street')}
                  required
                  value={values.street}
                  onChange={set('street')}
                  autoComplete="address-line1"
                />
                <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-4">
                  <TextInput
                    f={f}
                    path="postcode"
                    label={t('complaint.postcode')}
                    required
                    value={values.postcode}
                    onChange={set('postcode')}
                    autoComplete="postal-code"
                  />
                  <TextInput f={f} path="post" label={t('complaint.post')} required value={values.post} onChange={set('post')} autoComplete="address-level2" />
                </div>
                <TextInput
                  f={f}
                  path="contact_person"
                  label={t('complaint.contact_person')}
                  required
                  value={values.contact_person}
                  onChange={set('contact_person')}
                  autoComplete="name"
                />
                <TextInput
                  f={f}
                  path="phone"
                  type="tel"
                  label={t('complaint.phone')}
                  required
                  value={values.phone}
                  onChange={set('phone')}
                  autoComplete="tel"
                />
                <TextInput
                  f={f}
                  path="email"
                  type="email"
                  label={t('complaint.email')}
                  required
                  value={values.email}
                  onChange={set('email')}
                  autoComplete="email"
                />
              </div>
            </fieldset>

            <fieldset className={section}>
              <legend className={legend}>{t('complaint.section.purchase')}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextInput
                  f={f}
                  path="purchase_date"
                  type="date"
                  max={today}
                  label={t('complaint.purchase_date')}
                  required
                  value={values.purchase_date}
                  onChange={set('purchase_date')}
                />
                <TextInput
                  f={f}
                  path="purchase_document_number"
                  label={t('complaint.purchase_document_number')}
                  required
                  value={values.purchase_document_number}
                  onChange={set('purchase_document_number')}
                />
                <TextInput
                  f={f}
                  path="product_name"
                  label={t('complaint.product_name')}
                  hint={t('complaint.product_name.hint')}
                  required
                  list="complaint-products"
                  value={values.product_name}
                  onChange={set('product_name')}
                  className="sm:col-span-2"
                />
                <datalist id="complaint-products">
                  {suggestions.map((s) => (
                    <option key={s.id} value={s.name} />
                  ))}
                </datalist>
              </div>
            </fieldset>

            <fieldset className={section}>
              <legend className={legend}>{t('complaint.section.defect')}</legend>
              <TextArea
                f={f}
                path="description"
                label={t('complaint.description')}
                required
                rows={5}
                value={values.description}
                onChange={set('description')}
              />
              <TextInput
                f={f}
                path="defect_noticed_date"
                type="date"
                max={today}
                label={t('complaint.defect_noticed_date')}
                required
                value={values.defect_noticed_date}
                onChange={set('defect_noticed_date')}
                className="sm:max-w-xs"
              />
            </fieldset>

            <fieldset className={section}>
              <legend className={legend}>{t('complaint.section.action')}</legend>
              <RadioGroup
                f={f}
                path="preferred_action"
                label={t('complaint.preferred_action')}
                required
                value={values.preferred_action}
                onChange={set('preferred_action')}
                options={PREFERRED_ACTIONS.map((a) => ({ value: a, label: t(`complaint.action.${a}`) }))}
              />
              {values.preferred_action === 'other' && (
                <TextInput
                  f={f}
                  path="preferred_action_other"
                  label={t('complaint.preferred_action_other')}
                  required
                  value={values.preferred_action_other}
                  onChange={set('preferred_action_other')}
                />
              )}
            </fieldset>

            <fieldset className={section}>
              <legend className={legend}>{t('complaint.section.delivery')}</legend>
              <Checkbox
                f={f}
                path="is_different_delivery_address"
                label={t('complaint.is_different_delivery_address')}
                checked={values.is_different_delivery_address}
                onChange={set('is_different_delivery_address')}
              />
              {values.is_different_delivery_address && (
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextInput
                    f={f}
                    path="delivery_name"
                    label={t('complaint.delivery_name')}
                    required
                    value={values.delivery_name}
                    onChange={set('delivery_name')}
                  />
                  <TextInput
                    f={f}
                    path="delivery_street"
                    label={t('complaint.delivery_street')}
                    required
                    value={values.delivery_street}
                    onChange={set('delivery_street')}
                  />
                  <TextInput
                    f={f}
                    path="delivery_postcode"
                    label={t('complaint.delivery_postcode')}
                    required
                    value={values.delivery_postcode}
                    onChange={set('delivery_postcode')}
                  />
                  <TextInput
                    f={f}
                    path="delivery_post"
                    label={t('complaint.delivery_post')}
                    required
                    value={values.delivery_post}
                    onChange={set('delivery_post')}
                  />
                </div>
              )}
            </fieldset>

            <section className={section} aria-labelledby="complaint-attachments">
              <h2 id="complaint-attachments" className="text-base font-semibold text-brand-900">
                {t('complaint.section.attachments')}
              </h2>
              <AttachmentAdder
                value={attachments}
                onChange={(next) => {
                  setAttachments(next);
                  if (attachmentErrors) setServerErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith('attachments'))));
                }}
                serverErrors={serverErrors}
                accept={ATTACHMENT_ACCEPT}
                label={t('complaint.attachments')}
                hint={ta('attachments.limits', { file: ATTACHMENT_MAX_FILE_MB, form: ATTACHMENT_MAX_FORM_MB })}
                progress={progress}
                inputId="complaint-attachments-input"
              />
            </section>

            <fieldset className={section}>
              <legend className={legend}>{t('complaint.section.consents')}</legend>
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
              <Checkbox f={f} path="accepted_rodo" required checked={values.accepted_rodo} onChange={set('accepted_rodo')} label={t('consent.rodo')} />
            </fieldset>

            <div className="flex justify-end">
              <SubmitButton pending={progress !== null} pendingText={t('form.sending')}>
                {t('complaint.submit')}
              </SubmitButton>
            </div>
          </form>
        )}
      </div>
    </>
  );
}

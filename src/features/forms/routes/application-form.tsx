import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_FILE_MB, ATTACHMENT_MAX_FORM_MB, attachmentMessages } from '~/core/files/attachments';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { type Attachment, AttachmentAdder } from '~/core/ui/attachment-adder';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { Button, SubmitButton } from '~/core/ui/form/button';
import { Checkbox, SelectInput, TextArea, TextInput } from '~/core/ui/form/inputs';
import { clientErrors, submitForm } from '~/core/ui/form/submit';
import { applicationSchema, networkParts } from '../application-validation';
import { getApplication } from '../applications.server';
import {
  APPLICATION_ATTACHMENT_KINDS,
  type ApplicationAttachmentKind,
  CABLING_STANDARDS,
  EDITABLE_APPLICATION_STATUSES,
  FIBRE_CLASSES,
  LAN_CLASSES,
  SHIELDING_METHODS,
} from '../constants';
import { formsMessages } from '../messages';
import type { Route } from './+types/application-form';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/application-form', title: translator(formsMessages, layout.locale)('app.form.title'), robots: 'noindex' });
}

/** /{locale}/application-form/{id?}: a new application, or the user's draft / returned application. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  if (!args.params.id) return { application: null };
  const id = Number(args.params.id);
  const application =
    Number.isInteger(id) && id > 0 && id <= 2_147_483_647
      ? await getApplication(id, { userId: user.id, actor: { id: user.id, email: user.email, isStaff: false, isOwner: true } })
      : null;
  if (!application || !(EDITABLE_APPLICATION_STATUSES as readonly string[]).includes(application.status)) throw new Response('Not found', { status: 404 });
  return { application };
}

const TEXT_FIELDS = [
  'investment_name',
  'investment_address_1',
  'investment_address_2',
  'contact_person',
  'contact_phone',
  'contact_email',
  'activity_type',
  'measurements_completed_at',
  'installer_company_name',
  'installer_address_1',
  'installer_address_2',
  'installer_name',
  'installer_phone',
  'installer_email',
  'installer_certificate_number',
  'additional_informations',
] as const;
type Lan = { class: string; shielding_method: string; tracks_count: string; standard: string };
type Fibre = {
  class: string;
  connectors_type: string;
  fibres_count_cable_1: string;
  fibres_count_cable_2: string;
  tracks_count: string;
  standard: string;
  tests_method: string;
};
type Values = Record<(typeof TEXT_FIELDS)[number], string> & {
  lan: [Lan, Lan];
  fibre: Fibre;
  is_measuring_device_borrowed: boolean;
  are_all_components_provider: boolean;
};

const emptyLan = (): Lan => ({ class: '', shielding_method: '', tracks_count: '', standard: '' });
const emptyFibre = (): Fibre => ({
  class: '',
  connectors_type: '',
  fibres_count_cable_1: '',
  fibres_count_cable_2: '',
  tracks_count: '',
  standard: '',
  tests_method: '',
});

function initialValues(data: Record<string, unknown> | undefined): Values {
  const d = data ?? {};
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  const lan = (Array.isArray(d.lan) ? d.lan : []) as Partial<Lan>[];
  const fibre = (d.fibre ?? {}) as Partial<Fibre>;
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((k) => [k, s(d[k])])) as Record<(typeof TEXT_FIELDS)[number], string>),
    lan: [0, 1].map((i) => ({ ...emptyLan(), ...(lan[i] ?? {}) })) as [Lan, Lan],
    fibre: { ...emptyFibre(), ...fibre },
    is_measuring_device_borrowed: Boolean(d.is_measuring_device_borrowed),
    are_all_components_provider: Boolean(d.are_all_components_provider),
  };
}

export default function ApplicationForm({ loaderData }: Route.ComponentProps) {
  const t = useT(formsMessages);
  const ta = useT(attachmentMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const existing = loaderData.application;
  const [values, setValues] = useState<Values>(() => initialValues(existing?.data as Record<string, unknown> | undefined));
  // A described network part (copper line 1 or 2, fibre) needs every one of its fields: marked as the submission checks it.
  const parts = networkParts(values);
  const [files, setFiles] = useState<Record<ApplicationAttachmentKind, Attachment[]>>(
    () => Object.fromEntries(APPLICATION_ATTACHMENT_KINDS.map((k) => [k, []])) as unknown as Record<ApplicationAttachmentKind, Attachment[]>,
  );
  const [removed, setRemoved] = useState<number[]>([]);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const f = useFieldErrors({ prefix: 'application' });

  // One `attachments` list for the server, in kind order; each adder maps its files to their index.
  const combined = useMemo(() => APPLICATION_ATTACHMENT_KINDS.flatMap((kind) => files[kind].map((a) => ({ ...a, kind }))), [files]);
  const indexOf = (a: Attachment) => combined.findIndex((c) => c.id === a.id);

  const setText = (key: (typeof TEXT_FIELDS)[number]) => (v: string) => {
    setValues((p) => ({ ...p, [key]: v }));
    f.clear(key);
  };
  const setLan = (i: 0 | 1, key: keyof Lan) => (v: string) => {
    setValues((p) => {
      const lan = [...p.lan] as [Lan, Lan];
      lan[i] = { ...lan[i], [key]: v };
      return { ...p, lan };
    });
    f.clear(`lan.${i}.${key}`);
  };
  const setFibre = (key: keyof Fibre) => (v: string) => {
    setValues((p) => ({ ...p, fibre: { ...p.fibre, [key]: v } }));
    f.clear(`fibre.${key}`);
  };

  const showErrors = (errors: Record<string, string[]>) => {
    setServerErrors(errors);
    f.showFieldErrors(errors);
  };

  const save = async (then: 'draft' | 'submit') => {
    if (progress !== null) return;
    const payload = {
      ...values,
      attachments: combined.map((a) => ({ id: a.id, kind: a.kind, file: a.file, filename: a.filename })),
      remove_attachments: removed,
    };
    const local = clientErrors(applicationSchema(locale), payload);
    if (local) return showErrors(local);
    setProgress(0);
    const saved = await submitForm<{ id: number; message: string }>(existing ? `/api/applications/${existing.id}` : '/api/applications', payload, {
      method: existing ? 'PUT' : 'POST',
      onProgress: setProgress,
      notifySuccess: then === 'draft',
    });
    setProgress(null);
    if (!saved.ok) {
      if (saved.status === 422) showErrors(saved.errors ?? {});
      return;
    }
    const id = saved.data.id;
    if (then === 'submit') {
      const sent = await api(`/api/applications/${id}/submit`, { method: 'POST' });
      if (!sent.ok) {
        // Saved, but incomplete: continue editing the saved application with its errors shown.
        if (sent.status === 422) {
          if (!existing) await navigate(`/${locale}/application-form/${id}`, { replace: true });
          showErrors(sent.errors ?? {});
        }
        return;
      }
    }
    await navigate(`/${locale}/my-account/application/${id}`);
  };

  const section = 'min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-6';
  const legend = 'px-1 text-base font-semibold text-brand-900';
  const opts = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
  const empty = t('select.empty');
  const attachmentsError = serverErrors.attachments;

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl font-bold leading-tight sm:text-4xl">{t('app.form.title')}</h1>
          <p className="mt-3 max-w-3xl text-base text-brand-100 sm:text-lg">{t('app.form.lead')}</p>
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4 py-10">
        {existing?.status === 'returned' && existing.returnReason && (
          <div role="note" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
            <strong>{t('app.returnReason')}:</strong> {existing.returnReason}
          </div>
        )}
        <form
          ref={f.formRef}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save('submit');
          }}
          className="space-y-6"
        >
          <fieldset className={section}>
            <legend className={legend}>{t('app.section.investment')}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                f={f}
                path="investment_name"
                label={t('app.f.investment_name')}
                required
                value={values.investment_name}
                onChange={setText('investment_name')}
                className="sm:col-span-2"
              />
              <TextInput
                f={f}
                path="investment_address_1"
                label={t('app.f.investment_address_1')}
                required
                value={values.investment_address_1}
                onChange={setText('investment_address_1')}
              />
              <TextInput
                f={f}
                path="investment_address_2"
                label={t('app.f.investment_address_2')}
                value={values.investment_address_2}
                onChange={setText('investment_address_2')}
              />
              <TextInput
                f={f}
                path="activity_type"
                label={t('app.f.activity_type')}
                required
                value={values.activity_type}
                onChange={setText('activity_type')}
              />
              <TextInput
                f={f}
                path="measurements_completed_at"
                type="date"
                label={t('app.f.measurements_completed_at')}
                required
                value={values.measurements_completed_at}
                onChange={setText('measurements_completed_at')}
              />
            </div>
          </fieldset>
          <fieldset className={section}>
            <legend className={legend}>{t('app.section.contact')}</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextInput
                f={f}
                path="contact_person"
                label={t('app.f.contact_person')}
                required
                value={values.contact_person}
                onChange={setText('contact_person')}
              />
              <TextInput
                f={f}
                path="contact_phone"
                type="tel"
                label={t('app.f.contact_phone')}
                required
                value={values.contact_phone}
                onChange={setText('contact_phone')}
              />
              <TextInput
                f={f}
                path="contact_email"
                type="email"
                label={t('app.f.contact_email')}
                required
                value={values.contact_email}
                onChange={setText('contact_email')}
              />
            </div>
          </fieldset>
          <fieldset className={section}>
            <legend className={legend}>{t('app.section.installer')}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                f={f}
                path="installer_company_name"
                label={t('app.f.installer_company_name')}
                required
                value={values.installer_company_name}
                onChange={setText('installer_company_name')}
                className="sm:col-span-2"
              />
              <TextInput
                f={f}
                path="installer_address_1"
                label={t('app.f.installer_address_1')}
                required
                value={values.installer_address_1}
                onChange={setText('installer_address_1')}
              />
              <TextInput
                f={f}
                path="installer_address_2"
                label={t('app.f.installer_address_2')}
                value={values.installer_address_2}
                onChange={setText('installer_address_2')}
              />
              <TextInput
                f={f}
                path="installer_name"
                label={t('app.f.installer_name')}
                required
                value={values.installer_name}
                onChange={setText('installer_name')}
              />
              <TextInput
                f={f}
                path="installer_certificate_number"
                label={t('app.f.installer_certificate_number')}
                required
                value={values.installer_certificate_number}
                onChange={setText('installer_certificate_number')}
              />
              <TextInput
                f={f}
                path="installer_phone"
                type="tel"
                label={t('app.f.installer_phone')}
                required
                value={values.installer_phone}
                onChange={setText('installer_phone')}
              />
              <TextInput
                f={f}
                path="installer_email"
                type="email"
                label={t('app.f.installer_email')}
                required
                value={values.installer_email}
                onChange={setText('installer_email')}
              />
            </div>
          </fieldset>
          {([0, 1] as const).map((i) => (
            <fieldset key={`lan-${i}`} className={section}>
              <legend className={legend}>{t('app.section.lan', { n: i + 1 })}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectInput
                  f={f}
                  required={parts[i === 0 ? 'lan1' : 'lan2']}
                  path={`lan.${i}.class`}
                  label={t('app.f.class')}
                  value={values.lan[i].class}
                  onChange={setLan(i, 'class')}
                  options={opts(LAN_CLASSES).map((o) => ({ ...o, label: `${locale === 'pl' ? 'Klasa' : 'Class'} ${o.label}` }))}
                  emptyLabel={empty}
                />
                <SelectInput
                  f={f}
                  required={parts[i === 0 ? 'lan1' : 'lan2']}
                  path={`lan.${i}.shielding_method`}
                  label={t('app.f.shielding_method')}
                  value={values.lan[i].shielding_method}
                  onChange={setLan(i, 'shielding_method')}
                  options={opts(SHIELDING_METHODS)}
                  emptyLabel={empty}
                />
                <TextInput
                  f={f}
                  required={parts[i === 0 ? 'lan1' : 'lan2']}
                  path={`lan.${i}.tracks_count`}
                  inputMode="numeric"
                  label={t('app.f.tracks_count')}
                  value={values.lan[i].tracks_count}
                  onChange={setLan(i, 'tracks_count')}
                />
                <SelectInput
                  f={f}
                  required={parts[i === 0 ? 'lan1' : 'lan2']}
                  path={`lan.${i}.standard`}
                  label={t('app.f.standard')}
                  value={values.lan[i].standard}
                  onChange={setLan(i, 'standard')}
                  options={opts(CABLING_STANDARDS)}
                  emptyLabel={empty}
                />
              </div>
            </fieldset>
          ))}
          <fieldset className={section}>
            <legend className={legend}>{t('app.section.fibre')}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectInput
                f={f}
                required={parts.fibre}
                path="fibre.class"
                label={t('app.f.fibre_class')}
                value={values.fibre.class}
                onChange={setFibre('class')}
                options={opts(FIBRE_CLASSES)}
                emptyLabel={empty}
              />
              <TextInput
                f={f}
                required={parts.fibre}
                path="fibre.connectors_type"
                label={t('app.f.connectors_type')}
                value={values.fibre.connectors_type}
                onChange={setFibre('connectors_type')}
              />
              <TextInput
                f={f}
                required={parts.fibre}
                path="fibre.fibres_count_cable_1"
                inputMode="numeric"
                label={t('app.f.fibres_count_cable_1')}
                value={values.fibre.fibres_count_cable_1}
                onChange={setFibre('fibres_count_cable_1')}
              />
              <TextInput
                f={f}
                required={parts.fibre}
                path="fibre.fibres_count_cable_2"
                inputMode="numeric"
                label={t('app.f.fibres_count_cable_2')}
                value={values.fibre.fibres_count_cable_2}
                onChange={setFibre('fibres_count_cable_2')}
              />
              <TextInput
                f={f}
                required={parts.fibre}
                path="fibre.tracks_count"
                inputMode="numeric"
                label={t('app.f.tracks_count')}
                value={values.fibre.tracks_count}
                onChange={setFibre('tracks_count')}
              />
              <SelectInput
                f={f}
                required={parts.fibre}
                path="fibre.standard"
                label={t('app.f.standard')}
                value={values.fibre.standard}
                onChange={setFibre('standard')}
                options={opts(CABLING_STANDARDS)}
                emptyLabel={empty}
              />
              <TextInput
                f={f}
                required={parts.fibre}
                path="fibre.tests_method"
                label={t('app.f.tests_method')}
                value={values.fibre.tests_method}
                onChange={setFibre('tests_method')}
                className="sm:col-span-2"
              />
            </div>
          </fieldset>
          <fieldset className={section}>
            <legend className={legend}>{t('app.section.other')}</legend>
            <TextArea
              f={f}
              path="additional_informations"
              label={t('app.f.additional_informations')}
              value={values.additional_informations}
              onChange={setText('additional_informations')}
            />
            <Checkbox
              f={f}
              path="is_measuring_device_borrowed"
              label={t('app.f.is_measuring_device_borrowed')}
              checked={values.is_measuring_device_borrowed}
              onChange={(v) => setValues((p) => ({ ...p, is_measuring_device_borrowed: v }))}
            />
            <Checkbox
              f={f}
              path="are_all_components_provider"
              label={t('app.f.are_all_components_provider')}
              checked={values.are_all_components_provider}
              onChange={(v) => setValues((p) => ({ ...p, are_all_components_provider: v }))}
            />
          </fieldset>
          <section className={section} aria-labelledby="application-attachments">
            <h2 id="application-attachments" className="text-base font-semibold text-brand-900">
              {t('app.section.attachments')}
            </h2>
            <p className="text-xs text-slate-600">{ta('attachments.limits', { file: ATTACHMENT_MAX_FILE_MB, form: ATTACHMENT_MAX_FORM_MB })}</p>
            {attachmentsError && (
              <ul aria-invalid="true" tabIndex={-1} className="space-y-1 text-sm font-medium text-red-700">
                {attachmentsError.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
            {existing && existing.attachments.length > 0 && (
              <ul className="divide-y divide-slate-100 text-sm">
                {existing.attachments
                  .filter((a) => !removed.includes(a.id))
                  .map((a) => (
                    <li key={a.id} className="flex items-center justify-between gap-3 py-1.5">
                      <span className="min-w-0 break-all">
                        {t(`app.kind.${a.kind as ApplicationAttachmentKind}`)}: {a.filename}
                      </span>
                      <button type="button" onClick={() => setRemoved((r) => [...r, a.id])} className="text-red-700 hover:underline">
                        {locale === 'pl' ? 'Usuń' : 'Remove'}
                        <span className="sr-only"> {a.filename}</span>
                      </button>
                    </li>
                  ))}
              </ul>
            )}
            {APPLICATION_ATTACHMENT_KINDS.map((kind) => (
              <AttachmentAdder
                key={kind}
                value={files[kind]}
                onChange={(next) => setFiles((p) => ({ ...p, [kind]: next }))}
                serverErrors={Object.fromEntries(Object.entries(serverErrors).filter(([k]) => k.startsWith('attachments.')))}
                accept={ATTACHMENT_ACCEPT}
                label={t(`app.kind.${kind}`)}
                indexOf={(a) => indexOf(a)}
                progress={null}
              />
            ))}
            {progress !== null && (
              <div
                role="progressbar"
                aria-label={ta('attachments.progress', { percent: progress })}
                aria-valuenow={progress}
                aria-valuemin={0}
                aria-valuemax={100}
                className="h-2 w-full overflow-hidden rounded bg-slate-200"
              >
                <div className="h-full bg-brand-600" style={{ width: `${progress}%` }} />
              </div>
            )}
          </section>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" size="lg" onClick={() => void save('draft')} disabled={progress !== null}>
              {t('app.form.saveDraft')}
            </Button>
            <SubmitButton pending={progress !== null} pendingText={t('form.sending')}>
              {t('app.form.submit')}
            </SubmitButton>
          </div>
        </form>
      </div>
    </>
  );
}

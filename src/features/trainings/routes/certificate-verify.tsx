import { useState } from 'react';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { SubmitButton } from '~/core/ui/form/button';
import { clientErrors } from '~/core/ui/form/submit';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { TextInput } from '~/core/ui/form/inputs';
import { PageHeader } from '~/core/ui/page-header';
import { CertificateMissing, CertificateResult } from '../components/certificate-result';
import { trainingMessages } from '../messages';
import type { PublicCertificate } from '../rules';
import { verifyCertificateSchema } from '../validation';
import type { Route } from './+types/certificate-verify';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(trainingMessages, layout.locale);
  return seoMeta({ ...layout, path: '/certificates/verify', title: t('cert.verifyTitle'), description: t('cert.verifyLead') });
}

type Answer = { kind: 'found'; certificate: PublicCertificate } | { kind: 'missing'; message: string } | null;

/**
 * /{locale}/certificates/verify (issue 42): anyone checks an installer's certificate by its number
 * and the holder's surname (POST /api/certificates/verify; a wrong surname answers as an unknown
 * number, and the number alone answers nothing).
 */
export default function CertificateVerify() {
  const t = useT(trainingMessages);
  const locale = useLocale();
  const f = useFieldErrors({ prefix: 'cert' });
  const [values, setValues] = useState({ number: '', surname: '' });
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer>(null);
  const set = (name: 'number' | 'surname') => (v: string) => {
    setValues((prev) => ({ ...prev, [name]: v }));
    f.clear(name);
  };
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const errors = clientErrors(verifyCertificateSchema(locale), values);
    if (errors) {
      f.showFieldErrors(errors);
      return;
    }
    setBusy(true);
    const res = await api<PublicCertificate>('/api/certificates/verify', { body: values, json: true, handles: [404, 429] });
    setBusy(false);
    if (res.ok) setAnswer({ kind: 'found', certificate: res.data });
    else if (res.status === 422) f.showFieldErrors(res.errors);
    else if (res.status === 404 || res.status === 429) setAnswer({ kind: 'missing', message: t(res.status === 429 ? 'cert.tooMany' : 'cert.notFound') });
  }
  return (
    <>
      <PageHeader title={t('cert.verifyTitle')} lead={t('cert.verifyLead')} />
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-10">
        <form
          ref={f.formRef}
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6"
        >
          <TextInput
            f={f}
            path="number"
            label={t('cert.form.number')}
            hint={t('cert.form.numberHint')}
            required
            value={values.number}
            onChange={set('number')}
            autoComplete="off"
          />
          <TextInput f={f} path="surname" label={t('cert.form.surname')} required value={values.surname} onChange={set('surname')} autoComplete="off" />
          <div className="sm:col-span-2">
            <SubmitButton pending={busy}>{t('cert.form.submit')}</SubmitButton>
          </div>
        </form>
        {answer?.kind === 'found' ? <CertificateResult certificate={answer.certificate} /> : null}
        {answer?.kind === 'missing' ? <CertificateMissing message={answer.message} /> : null}
      </div>
    </>
  );
}

import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { handleFailure } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { uploadWithProgress } from '~/core/ui/admin/file-upload';
import { Field } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { inputClass } from '~/core/ui/form/field';
import { notify } from '~/core/ui/notify';
import { ksefMessages } from '../../ksef/messages';
import { invoiceMessages } from '../../messages';
import type { Route } from './+types/admin-invoices-xml';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/invoices/xml', title: translator(ksefMessages, layout.locale)('admin.xmlTitle'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'invoices');
  return null;
}

const FIELDS = ['file', 'ksef_number'] as const;

/** /{locale}/admin/invoices/xml: import one FA(3) e-invoice XML (KSeF, issue 39); the buyer's NIP names the customer. */
export default function AdminInvoicesXml() {
  const t = useT(ksefMessages);
  const ti = useT(invoiceMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const fid = (name: string) => `${id}-${name}`;
  const err = (name: string) => errors[name]?.[0];
  const aria = (name: string) => (err(name) ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(name)}-error` } : {});

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    setErrors({});
    setProgress(0);
    const { status, payload } = await uploadWithProgress('/api/admin/invoices/xml', body, setProgress);
    setProgress(null);
    if (status === 200) {
      notify.success((payload as { message?: string }).message ?? '');
      navigate(`/${locale}/admin/invoices`);
      return;
    }
    if (status === 422 || status === 409) {
      const next = (payload as { errors?: Record<string, string[]> }).errors ?? {};
      setErrors(next);
      const first = FIELDS.find((f) => next[f]);
      if (first) {
        formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fid(first))}`)?.focus();
        return;
      }
    }
    await handleFailure(status, payload);
  };

  return (
    <div>
      <AdminPageHeader
        title={t('admin.xmlTitle')}
        lead={t('admin.xmlLead')}
        actions={
          <Link to={`/${locale}/admin/invoices`} className={secondaryButton}>
            {ti('title')}
          </Link>
        }
      />
      <AdminCard className="max-w-3xl">
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
          <Field label={t('admin.xmlFile')} htmlFor={fid('file')} error={err('file')} hint="XML FA(3), ≤ 3 MB">
            <input
              id={fid('file')}
              name="file"
              type="file"
              required
              accept="application/xml,text/xml,.xml"
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
              {...aria('file')}
            />
          </Field>
          <Field label={t('admin.ksefNumber')} htmlFor={fid('ksef_number')} error={err('ksef_number')}>
            <input
              id={fid('ksef_number')}
              name="ksef_number"
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              className={`${inputClass} font-mono`}
              placeholder="5265877635-20250826-0100001AF629-AF"
              {...aria('ksef_number')}
            />
          </Field>
          <div>
            {progress !== null && (
              <div className="mb-3">
                <progress max={100} value={progress} className="h-2 w-full" aria-label={ti('form.uploading', { percent: progress })} />
                <p className="text-xs text-slate-600" aria-live="polite">
                  {ti('form.uploading', { percent: progress })}
                </p>
              </div>
            )}
            <button type="submit" className={primaryButton} disabled={progress !== null}>
              {t('admin.xmlSubmit')}
            </button>
          </div>
        </form>
      </AdminCard>
    </div>
  );
}

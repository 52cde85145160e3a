import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { handleFailure } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { uploadWithProgress } from '~/core/ui/admin/file-upload';
import { Field, Select } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { inputClass } from '~/core/ui/form/field';
import { notify } from '~/core/ui/notify';
import { todayInWarsaw } from '~/core/time/days';
import { customerOptions } from '../../invoices.server';
import { invoiceMessages } from '../../messages';
import { MAX_INVOICE_MB } from '../../validation';
import type { Route } from './+types/admin-invoice';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/invoice', title: translator(invoiceMessages, layout.locale)('form.title'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'invoices');
  return { customers: await customerOptions(), today: todayInWarsaw() };
}

const FIELDS = ['number', 'customer_id', 'issue_date', 'due_date', 'net_amount', 'gross_amount', 'paid_on', 'file'] as const;

/** /{locale}/admin/invoice: upload one invoice PDF with its number, customer, dates and amounts. */
export default function AdminInvoice({ loaderData }: Route.ComponentProps) {
  const t = useT(invoiceMessages);
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
    const { status, payload } = await uploadWithProgress('/api/admin/invoices', body, setProgress);
    setProgress(null);
    if (status === 200) {
      notify.success((payload as { message?: string }).message ?? '');
      navigate(`/${locale}/admin/invoices`);
      return;
    }
    if (status === 422) {
      const next = (payload as { errors?: Record<string, string[]> }).errors ?? {};
      setErrors(next);
      const first = FIELDS.find((f) => next[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fid(first))}`)?.focus();
      return;
    }
    await handleFailure(status, payload);
  };

  return (
    <div>
      <AdminPageHeader
        title={t('form.title')}
        actions={
          <Link to={`/${locale}/admin/invoices`} className={secondaryButton}>
            {t('title')}
          </Link>
        }
      />
      <AdminCard className="max-w-3xl">
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label={t('form.number')} htmlFor={fid('number')} error={err('number')}>
            <input id={fid('number')} name="number" required maxLength={64} className={inputClass} placeholder="FV/2026/03/0001" {...aria('number')} />
          </Field>
          <Field label={t('form.customer')} htmlFor={fid('customer_id')} error={err('customer_id')}>
            <Select id={fid('customer_id')} name="customer_id" required options={loaderData.customers} label={t('form.customer')} {...aria('customer_id')} />
          </Field>
          <Field label={t('form.issueDate')} htmlFor={fid('issue_date')} error={err('issue_date')}>
            <input
              id={fid('issue_date')}
              name="issue_date"
              type="date"
              required
              defaultValue={loaderData.today}
              className={inputClass}
              {...aria('issue_date')}
            />
          </Field>
          <Field label={t('form.dueDate')} htmlFor={fid('due_date')} error={err('due_date')}>
            <input id={fid('due_date')} name="due_date" type="date" required className={inputClass} {...aria('due_date')} />
          </Field>
          <Field label={t('form.net')} htmlFor={fid('net_amount')} error={err('net_amount')}>
            <input
              id={fid('net_amount')}
              name="net_amount"
              inputMode="decimal"
              required
              maxLength={20}
              className={inputClass}
              placeholder={locale === 'pl' ? '1 000,00' : '1,000.00'}
              {...aria('net_amount')}
            />
          </Field>
          <Field label={t('form.gross')} htmlFor={fid('gross_amount')} error={err('gross_amount')}>
            <input
              id={fid('gross_amount')}
              name="gross_amount"
              inputMode="decimal"
              required
              maxLength={20}
              className={inputClass}
              placeholder={locale === 'pl' ? '1 230,00' : '1,230.00'}
              {...aria('gross_amount')}
            />
          </Field>
          <Field label={t('form.paidOn')} htmlFor={fid('paid_on')} error={err('paid_on')}>
            <input id={fid('paid_on')} name="paid_on" type="date" className={inputClass} {...aria('paid_on')} />
          </Field>
          <Field label={t('form.file')} htmlFor={fid('file')} error={err('file')} hint={`PDF, ≤ ${MAX_INVOICE_MB} MB`}>
            <input
              id={fid('file')}
              name="file"
              type="file"
              required
              accept="application/pdf,.pdf"
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
              {...aria('file')}
            />
          </Field>
          <div className="sm:col-span-2">
            {progress !== null && (
              <div className="mb-3">
                <progress max={100} value={progress} className="h-2 w-full" aria-label={t('form.uploading', { percent: progress })} />
                <p className="text-xs text-slate-600" aria-live="polite">
                  {t('form.uploading', { percent: progress })}
                </p>
              </div>
            )}
            <button type="submit" className={primaryButton} disabled={progress !== null}>
              {t('form.save')}
            </button>
          </div>
        </form>
      </AdminCard>
    </div>
  );
}

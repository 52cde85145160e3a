import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { handleFailure } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatAmount } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { uploadWithProgress } from '~/core/ui/admin/file-upload';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { notify } from '~/core/ui/notify';
import { dayOf } from '../../components/invoice-status';
import type { BatchPreview } from '../../invoices.server';
import { invoiceMessages } from '../../messages';
import type { Route } from './+types/admin-invoices-import';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/invoices/import', title: translator(invoiceMessages, layout.locale)('import.title'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'invoices');
  return null;
}

const fileInput =
  'block w-full max-w-xl text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800';

/** /{locale}/admin/invoices/import: several PDFs plus an index naming each file; checked, then imported in one transaction. */
export default function AdminInvoicesImport() {
  const t = useT(invoiceMessages);
  const locale = useLocale();
  const id = useId();
  const indexRef = useRef<HTMLInputElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<string | null>(null);

  const body = () => {
    const fd = new FormData();
    const index = indexRef.current?.files?.[0];
    if (index) fd.append('index', index, index.name);
    for (const f of Array.from(filesRef.current?.files ?? [])) fd.append('files', f, f.name);
    return fd;
  };

  const send = async (url: string) => {
    setErrors({});
    setProgress(0);
    const res = await uploadWithProgress(url, body(), setProgress);
    setProgress(null);
    return res;
  };

  const failed = async (status: number, payload: unknown) => {
    const p = (payload as { preview?: BatchPreview; errors?: Record<string, string[]> } | null) ?? {};
    if (status === 422) {
      if (p.preview) setPreview(p.preview);
      else {
        setErrors(p.errors ?? {});
        (p.errors?.index ? indexRef : filesRef).current?.focus();
      }
      return;
    }
    await handleFailure(status, payload);
  };

  const check = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setPreview(null);
    setResult(null);
    const { status, payload } = await send('/api/admin/invoices/import/preview');
    if (status === 200) setPreview(payload as BatchPreview);
    else await failed(status, payload);
  };

  const run = async () => {
    const { status, payload } = await send('/api/admin/invoices/import');
    if (status === 200) {
      const message = (payload as { message?: string }).message ?? '';
      notify.success(message);
      setResult(message);
      setPreview(null);
      if (indexRef.current) indexRef.current.value = '';
      if (filesRef.current) filesRef.current.value = '';
    } else await failed(status, payload);
  };

  const err = (name: string) => errors[name]?.[0];

  return (
    <div className="space-y-5">
      <AdminPageHeader
        title={t('import.title')}
        lead={t('import.lead')}
        actions={
          <Link to={`/${locale}/admin/invoices`} className={secondaryButton}>
            {t('title')}
          </Link>
        }
      />
      <AdminCard>
        <form onSubmit={check} noValidate className="space-y-4">
          <div>
            <label htmlFor={`${id}-index`} className="mb-1 block text-sm font-medium text-slate-800">
              {t('import.index')}
            </label>
            <input
              id={`${id}-index`}
              ref={indexRef}
              type="file"
              name="index"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              className={fileInput}
              onChange={() => setPreview(null)}
              aria-invalid={err('index') ? true : undefined}
              aria-describedby={err('index') ? `${id}-index-error` : undefined}
            />
            {err('index') && (
              <p id={`${id}-index-error`} className="mt-1 text-sm font-medium text-red-700">
                {err('index')}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-files`} className="mb-1 block text-sm font-medium text-slate-800">
              {t('import.files')}
            </label>
            <input
              id={`${id}-files`}
              ref={filesRef}
              type="file"
              name="files"
              multiple
              accept="application/pdf,.pdf"
              className={fileInput}
              onChange={() => setPreview(null)}
              aria-invalid={err('files') ? true : undefined}
              aria-describedby={err('files') ? `${id}-files-error` : undefined}
            />
            {err('files') && (
              <p id={`${id}-files-error`} className="mt-1 text-sm font-medium text-red-700">
                {err('files')}
              </p>
            )}
          </div>
          <button type="submit" className={secondaryButton} disabled={progress !== null}>
            {t('import.check')}
          </button>
        </form>
        {progress !== null && (
          <div className="mt-3">
            <progress max={100} value={progress} className="h-2 w-full" aria-label={t('form.uploading', { percent: progress })} />
            <p className="text-xs text-slate-600" aria-live="polite">
              {t('form.uploading', { percent: progress })}
            </p>
          </div>
        )}
        {result && (
          <p role="status" className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
            {result}
          </p>
        )}
        {preview && (
          <section className="mt-5 space-y-3" aria-live="polite">
            {preview.ok ? (
              <>
                <p className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
                  {t('import.ok', { n: preview.items.length })}
                </p>
                <div className="overflow-x-auto rounded-lg border border-slate-200">
                  <table className="min-w-full divide-y divide-slate-200 text-sm">
                    <caption className="sr-only">{t('import.title')}</caption>
                    <thead className="bg-slate-50">
                      <tr>
                        {(['import.row', 'col.number', 'col.customer', 'col.file', 'col.issueDate', 'col.dueDate', 'col.gross'] as const).map((k) => (
                          <th key={k} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                            {t(k)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {preview.items.map((i) => (
                        <tr key={i.row}>
                          <td className="px-3 py-1.5 tabular-nums">{i.row}</td>
                          <td className="px-3 py-1.5 font-medium">{i.number}</td>
                          <td className="px-3 py-1.5">{i.customer}</td>
                          <td className="px-3 py-1.5 font-mono text-xs">{i.file}</td>
                          <td className="whitespace-nowrap px-3 py-1.5">{dayOf(i.issueDate, locale)}</td>
                          <td className="whitespace-nowrap px-3 py-1.5">{dayOf(i.dueDate, locale)}</td>
                          <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">{formatAmount(i.gross, locale)} zł</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <button type="button" className={primaryButton} onClick={() => void run()} disabled={progress !== null}>
                  {t('import.run', { n: preview.items.length })}
                </button>
              </>
            ) : (
              <div role="alert" className="space-y-3">
                <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
                  {t('import.bad', { n: preview.errorRows })}
                </p>
                {preview.fileErrors.map((m) => (
                  <p key={m} className="text-sm font-medium text-red-800">
                    {m}
                  </p>
                ))}
                {preview.errors.length > 0 && (
                  <div className="max-h-[32rem] overflow-auto rounded-lg border border-red-200">
                    <table className="min-w-full divide-y divide-red-100 text-sm">
                      <caption className="sr-only">{t('import.errors')}</caption>
                      <thead className="sticky top-0 bg-red-50">
                        <tr>
                          <th scope="col" className="px-3 py-2 text-left font-semibold text-red-900">
                            {t('import.row')}
                          </th>
                          <th scope="col" className="px-3 py-2 text-left font-semibold text-red-900">
                            {t('import.errors')}
                          </th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-red-50 bg-white">
                        {preview.errors.map((r) => (
                          <tr key={r.row}>
                            <td className="px-3 py-1.5 align-top tabular-nums">{r.row}</td>
                            <td className="px-3 py-1.5 text-red-800">
                              {Object.entries(r.errors)
                                .map(([column, messages]) => `${column}: ${messages.join(' ')}`)
                                .join(' · ')}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </div>
            )}
          </section>
        )}
      </AdminCard>
      <AdminCard title={t('import.columns')}>
        <p className="text-sm text-slate-700">{t('import.columnsList')}</p>
      </AdminCard>
    </div>
  );
}

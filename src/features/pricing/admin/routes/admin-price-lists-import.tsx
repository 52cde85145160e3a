import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { handleFailure } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { uploadWithProgress } from '~/core/ui/admin/file-upload';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { notify } from '~/core/ui/notify';
import { pricingMessages } from '../../messages';
import { BASE_LIST_CODE, type PriceImportPreview } from '../import-columns';
import type { Route } from './+types/admin-price-lists-import';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/price-lists/import', title: translator(pricingMessages, layout.locale)('import.title'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'price_lists');
  return null;
}

/** /{locale}/admin/price-lists/import: a price list file checked first (row errors), then imported in one transaction. */
export default function AdminPriceListsImport() {
  const t = useT(pricingMessages);
  const locale = useLocale();
  const inputId = useId();
  const replaceId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<PriceImportPreview | null>(null);
  const [upload, setUpload] = useState<number | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const busy = upload !== null || running;

  const body = () => {
    const fd = new FormData();
    if (file) fd.append('file', file, file.name);
    fd.append('replace', replace ? '1' : '0');
    return fd;
  };

  const failed = async (status: number, payload: unknown) => {
    const p = (payload as { preview?: PriceImportPreview; errors?: Record<string, string[]>; message?: string } | null) ?? {};
    if (status === 422) {
      if (p.preview) setPreview(p.preview);
      else {
        setFileError(p.errors?.file?.[0] ?? p.message ?? t('import.badFormat'));
        fileRef.current?.focus();
      }
    } else await handleFailure(status, payload);
  };

  const check = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setResult(null);
    setPreview(null);
    if (!file) {
      setFileError(t('import.noFile'));
      fileRef.current?.focus();
      return;
    }
    setFileError(null);
    setUpload(0);
    const { status, payload } = await uploadWithProgress('/api/admin/price-lists/import/preview', body(), setUpload);
    setUpload(null);
    if (status === 200) setPreview(payload as PriceImportPreview);
    else await failed(status, payload);
  };

  const run = async () => {
    if (!file || !preview?.ok) return;
    setRunning(true);
    const { status, payload } = await uploadWithProgress('/api/admin/price-lists/import', body(), () => {});
    setRunning(false);
    if (status === 200) {
      const message = (payload as { message?: string }).message ?? '';
      notify.success(message);
      setResult(message);
      setPreview(null);
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
    } else await failed(status, payload);
  };

  return (
    <div className="space-y-5">
      <AdminPageHeader
        title={t('import.title')}
        lead={t('import.lead')}
        actions={
          <Link to={`/${locale}/admin/price-lists`} className={secondaryButton}>
            {t('items.back')}
          </Link>
        }
      />
      <AdminCard>
        <form onSubmit={check} noValidate className="space-y-3">
          <div>
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
              {t('import.file')}
            </label>
            <input
              id={inputId}
              ref={fileRef}
              type="file"
              name="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              disabled={busy}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${inputId}-error` : undefined}
              onChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                setPreview(null);
                setFileError(null);
                setResult(null);
              }}
              className="block w-full max-w-xl text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
            />
            {fileError && (
              <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-700">
                {fileError}
              </p>
            )}
          </div>
          <div className="flex items-start gap-2">
            <input
              id={replaceId}
              type="checkbox"
              checked={replace}
              disabled={busy}
              onChange={(e) => {
                setReplace(e.currentTarget.checked);
                setPreview(null);
              }}
              className="mt-1 h-4 w-4 rounded border-slate-300"
            />
            <label htmlFor={replaceId} className="text-sm text-slate-800">
              {t('import.replace')}
            </label>
          </div>
          <button type="submit" className={secondaryButton} disabled={busy}>
            {t('import.check')}
          </button>
        </form>
        {upload !== null && (
          <div className="mt-3">
            <progress max={100} value={upload} className="h-2 w-full" aria-label={t('import.checking', { percent: upload })} />
            <p className="text-xs text-slate-600" aria-live="polite">
              {t('import.checking', { percent: upload })}
            </p>
          </div>
        )}
        {running && (
          <p className="mt-3 text-sm text-slate-700" aria-live="polite">
            {t('import.running')}
          </p>
        )}
        {result && (
          <p role="status" className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
            {result}
          </p>
        )}
        {preview && (
          <section className="mt-5 space-y-3" aria-live="polite" aria-label={t('import.preview')}>
            <h2 className="text-base font-semibold text-slate-900">{t('import.preview')}</h2>
            <ul className="space-y-1 text-sm text-slate-800">
              <li>{t('import.summaryRows', { rows: preview.summary.rows })}</li>
              {preview.ok && (
                <>
                  <li>
                    {t('import.summaryLists', {
                      lists: preview.summary.lists.map((l) => `${l.code} (${l.rows})`).join(', '),
                      created: preview.summary.created,
                    })}
                  </li>
                  <li>
                    {t('import.summaryPrices', {
                      inserted: preview.summary.inserted,
                      updated: preview.summary.updated,
                      unchanged: preview.summary.unchanged,
                      removed: preview.summary.removed,
                    })}
                  </li>
                </>
              )}
            </ul>
            {preview.ok ? (
              <>
                <p className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">{t('import.ok')}</p>
                <button type="button" className={primaryButton} onClick={() => void run()} disabled={busy}>
                  {t('import.run')}
                </button>
              </>
            ) : (
              <div role="alert">
                <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
                  {t('import.bad', { n: preview.errorRows })}
                </p>
                {preview.errorRows > preview.errors.length && (
                  <p className="mt-1 text-sm text-slate-600">{t('import.moreErrors', { shown: preview.errors.length, n: preview.errorRows })}</p>
                )}
                <div className="mt-3 max-h-[32rem] overflow-auto rounded-lg border border-red-200">
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
                              .flatMap(([, messages]) => messages ?? [])
                              .join(' ')}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
          </section>
        )}
      </AdminCard>
      <AdminCard title={t('import.columns')}>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('import.colCode', { base: BASE_LIST_CODE })}</li>
          <li>{t('import.colNumber')}</li>
          <li>{t('import.colPrice')}</li>
        </ul>
      </AdminCard>
    </div>
  );
}

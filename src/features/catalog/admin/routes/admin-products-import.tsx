import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { baseHeaders, downloadFile, handleFailure } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { notify } from '~/core/ui/notify';
import { uploadWithProgress } from '~/core/ui/admin/file-upload';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { IMPORT_COLUMNS, type ImportPreview, REQUIRED_COLUMNS } from '../import-columns';
import { catalogAdminMessages } from '../messages';
import type { Route } from './+types/admin-products-import';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/products/import', title: translator(catalogAdminMessages, layout.locale)('import.title'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'products');
  return null;
}

interface StreamLine {
  progress?: { done: number; total: number };
  done?: boolean;
  message?: string;
  preview?: ImportPreview;
}

/**
 * Sends the import with XMLHttpRequest: the upload reports its progress, then the server's
 * answer arrives line by line (one JSON object per line) while the import runs.
 */
function sendImport(
  url: string,
  body: FormData,
  onUpload: (percent: number) => void,
  onLine: (line: StreamLine) => void,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [k, v] of baseHeaders({ Accept: 'application/x-ndjson, application/json' })) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onUpload(Math.round((e.loaded / e.total) * 100));
    let seen = 0;
    const read = () => {
      if (xhr.status !== 200) return;
      const text = xhr.responseText;
      for (let nl = text.indexOf('\n', seen); nl !== -1; nl = text.indexOf('\n', seen)) {
        const raw = text.slice(seen, nl).trim();
        seen = nl + 1;
        if (!raw) continue;
        try {
          onLine(JSON.parse(raw) as StreamLine);
        } catch {
          // A line that is not JSON is ignored.
        }
      }
    };
    xhr.onprogress = read;
    xhr.onload = () => {
      read();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => resolve({ status: 0, text: '' });
    xhr.send(body);
  });
}

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div className="mt-3">
      <progress max={100} value={value} className="h-2 w-full" aria-label={label} />
      <p className="text-xs text-slate-600" aria-live="polite">
        {label}
      </p>
    </div>
  );
}

/** /{locale}/admin/products/import: export of the catalogue, import with a checked preview and progress. */
export default function AdminProductsImport() {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [upload, setUpload] = useState<number | null>(null);
  const [running, setRunning] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const busy = upload !== null || running !== null;

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
    const body = new FormData();
    body.append('file', file, file.name);
    setUpload(0);
    const { status, payload } = await uploadWithProgress('/api/admin/products-import/preview', body, setUpload);
    setUpload(null);
    if (status === 200) setPreview(payload as ImportPreview);
    else if (status === 422) {
      const errors = (payload as { errors?: Record<string, string[]> } | null)?.errors ?? {};
      setFileError(errors.file?.[0] ?? Object.values(errors)[0]?.[0] ?? t('import.badFormat'));
      fileRef.current?.focus();
    } else await handleFailure(status, payload);
  };

  const run = async () => {
    if (!file || !preview?.ok) return;
    const body = new FormData();
    body.append('file', file, file.name);
    setUpload(0);
    let final: StreamLine | null = null;
    const { status, text } = await sendImport('/api/admin/products-import', body, setUpload, (line) => {
      setUpload(null);
      if (line.progress) setRunning(line.progress);
      if (line.done !== undefined) final = line;
    });
    setUpload(null);
    setRunning(null);
    if (status === 200) {
      const end = final as StreamLine | null;
      if (end?.done) {
        notify.success(end.message ?? '');
        setResult(end.message ?? '');
        setPreview(null);
        setFile(null);
        if (fileRef.current) fileRef.current.value = '';
      } else {
        notify.danger(end?.message ?? t('msg.importFailed'));
        if (end?.preview) setPreview(end.preview);
      }
      return;
    }
    let payload: unknown = null;
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
    if (status === 422) {
      const p = (payload as { preview?: ImportPreview; message?: string } | null) ?? {};
      if (p.preview) setPreview(p.preview);
      else setFileError(p.message ?? t('import.badFormat'));
    } else await handleFailure(status, payload);
  };

  const exportCatalog = async () => {
    setExporting(true);
    await downloadFile('/api/admin/products-export', { fallbackName: 'produkty.xlsx' });
    setExporting(false);
  };

  return (
    <div className="space-y-5">
      <AdminPageHeader
        title={t('import.title')}
        lead={t('import.lead')}
        actions={
          <Link to={`/${locale}/admin/products`} className={secondaryButton}>
            {t('common.back')}
          </Link>
        }
      />

      <AdminCard title={t('import.exportTitle')}>
        <p className="text-sm text-slate-700">{t('import.exportLead')}</p>
        <button type="button" className={`${primaryButton} mt-3`} onClick={() => void exportCatalog()} disabled={exporting}>
          {t('import.export')}
        </button>
      </AdminCard>

      <AdminCard title={t('import.step1')}>
        <form onSubmit={check} noValidate className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
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
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
            />
            {fileError && (
              <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-700">
                {fileError}
              </p>
            )}
          </div>
          <button type="submit" className={secondaryButton} disabled={busy}>
            {t('import.preview')}
          </button>
        </form>
        {upload !== null && <Progress value={upload} label={t('import.uploading', { percent: upload })} />}
        {running && (
          <Progress
            value={running.total ? Math.round((running.done / running.total) * 100) : 100}
            label={t('import.importing', { done: running.done, total: running.total })}
          />
        )}
        {result && (
          <p role="status" className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
            {result}
          </p>
        )}

        {preview && (
          <div className="mt-5 space-y-4" aria-live="polite">
            <p className="text-sm text-slate-800">
              {t('import.summary', {
                rows: preview.summary.rows,
                created: preview.summary.created,
                updated: preview.summary.updated,
                numbers: preview.summary.numbers,
              })}
            </p>
            {preview.ok ? (
              <>
                <p className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">{t('import.ok')}</p>
                <div className="overflow-x-auto rounded-lg border border-slate-200">
                  <table className="min-w-full divide-y divide-slate-200 text-sm">
                    <caption className="sr-only">{t('import.step2')}</caption>
                    <thead className="bg-slate-50">
                      <tr>
                        <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                          {t('import.row')}
                        </th>
                        <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                          {t('products.col.id')}
                        </th>
                        <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                          {t('products.col.name')}
                        </th>
                        <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                          {t('products.col.number')}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {preview.sample.map((s) => (
                        <tr key={s.row}>
                          <td className="px-3 py-2 tabular-nums">{s.row}</td>
                          <td className="px-3 py-2 tabular-nums">{s.productId ?? '—'}</td>
                          <td className="px-3 py-2">{s.name}</td>
                          <td className="px-3 py-2 font-mono text-xs">{s.numbers.join(', ')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <div>
                  <h3 className="text-base font-semibold text-slate-900">{t('import.step2')}</h3>
                  <button type="button" className={`${primaryButton} mt-2`} onClick={() => void run()} disabled={busy}>
                    {t('import.run', { n: preview.summary.created + preview.summary.updated })}
                  </button>
                </div>
              </>
            ) : (
              <div role="alert">
                <h3 className="text-base font-semibold text-red-800">{t('import.errorsTitle', { n: preview.errorRows })}</h3>
                <p className="mt-1 text-sm text-slate-700">{t('import.errorsLead')}</p>
                {preview.errorRows > preview.errors.length && (
                  <p className="mt-1 text-sm text-slate-600">{t('import.moreErrors', { shown: preview.errors.length, total: preview.errorRows })}</p>
                )}
                <div className="mt-3 max-h-[32rem] overflow-auto rounded-lg border border-red-200">
                  <table className="min-w-full divide-y divide-red-100 text-sm" aria-label={t('import.errorsTitle', { n: preview.errorRows })}>
                    <thead className="sticky top-0 bg-red-50">
                      <tr>
                        <th scope="col" className="px-3 py-2 text-left font-semibold text-red-900">
                          {t('import.row')}
                        </th>
                        <th scope="col" className="px-3 py-2 text-left font-semibold text-red-900">
                          {t('import.column')}
                        </th>
                        <th scope="col" className="px-3 py-2 text-left font-semibold text-red-900">
                          {t('import.message')}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-red-50 bg-white">
                      {preview.errors.flatMap((r) =>
                        Object.entries(r.errors).flatMap(([column, messages]) =>
                          messages.map((m, k) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: a preview's messages never reorder
                            <tr key={`${r.row}-${column}-${k}`}>
                              <td className="px-3 py-1.5 tabular-nums">{r.row}</td>
                              <td className="px-3 py-1.5 font-mono text-xs">{column === '_' ? '—' : column}</td>
                              <td className="px-3 py-1.5 text-red-800">{m}</td>
                            </tr>
                          )),
                        ),
                      )}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
          </div>
        )}
      </AdminCard>

      <AdminCard title={t('import.columnsTitle')}>
        <p className="text-sm text-slate-700">{t('import.columnsLead')}</p>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {IMPORT_COLUMNS.map((c) => (
            <div key={c} className="contents">
              <dt className={`font-mono text-xs leading-6 ${REQUIRED_COLUMNS.includes(c) ? 'font-bold text-slate-900' : 'text-slate-700'}`}>{c}</dt>
              <dd className="text-slate-700">{t(`col.${c}`)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-700">{t('import.attrColumns')}</p>
      </AdminCard>
    </div>
  );
}

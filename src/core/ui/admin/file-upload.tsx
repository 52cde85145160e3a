import { useId, useRef, useState } from 'react';
import { baseHeaders, handleFailure } from '~/core/http/api-client';
import { notify } from '~/core/ui/notify';
import { useT } from '~/core/i18n/use-locale';
import { adminMessages } from './messages';

export interface UploadResult {
  message?: string;
  [key: string]: unknown;
}

/**
 * Sends files with XMLHttpRequest (fetch has no upload progress) and shows a progress bar.
 * Statuses go through the shared error handler; 422 field errors are handed to `onErrors`.
 */
export function uploadWithProgress(url: string, body: FormData, onProgress: (percent: number) => void): Promise<{ status: number; payload: unknown }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [k, v] of baseHeaders()) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = xhr.responseText;
      }
      resolve({ status: xhr.status, payload });
    };
    xhr.onerror = () => resolve({ status: 0, payload: null });
    xhr.send(body);
  });
}

export function FileUpload({
  url,
  field = 'file',
  accept,
  multiple,
  label,
  extra,
  onUploaded,
  onErrors,
}: {
  url: string;
  field?: string;
  accept?: string;
  multiple?: boolean;
  label?: string;
  extra?: Record<string, string>;
  onUploaded?: (result: UploadResult) => void;
  onErrors?: (errors: Record<string, string[]>) => void;
}) {
  const t = useT(adminMessages);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);

  const send = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const body = new FormData();
    for (const [k, v] of Object.entries(extra ?? {})) body.append(k, v);
    for (const f of files) body.append(field, f, f.name);
    setPercent(0);
    const { status, payload } = await uploadWithProgress(url, body, setPercent);
    setPercent(null);
    if (input.current) input.current.value = '';
    if (status >= 200 && status < 300) {
      const result = (payload ?? {}) as UploadResult;
      notify.success(result.message ?? t('upload.done'));
      onUploaded?.(result);
    } else if (status === 422) {
      onErrors?.(((payload ?? {}) as { errors?: Record<string, string[]> }).errors ?? {});
    } else {
      await handleFailure(status, payload);
    }
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label ?? t('upload.choose')}
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={percent !== null}
        onChange={(e) => void send(e.currentTarget.files)}
        className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
      />
      {percent !== null && (
        <div className="mt-2">
          <progress max={100} value={percent} className="h-2 w-full" aria-label={t('upload.progress', { percent })} />
          <p className="text-xs text-slate-600" aria-live="polite">
            {t('upload.progress', { percent })}
          </p>
        </div>
      )}
    </div>
  );
}

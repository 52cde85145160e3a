// Sending a public form with files: multipart as every form (toFormData, SPEC section 7), through
// XMLHttpRequest because fetch reports no upload progress. The answer goes through the same
// handling as api(): the green toast with the message, 422 field errors handed back, and every
// other status as SPEC section 8 says.
import { type ApiResult, baseHeaders, currentLocale, guestSessionLost, handleFailure, type HttpMethod, toFormData } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { notify } from '../notify';

export interface SubmitOptions {
  method?: HttpMethod;
  /** Keys left out of the multipart body. */
  exclude?: readonly string[];
  /** 0-100 while the body is sent. */
  onProgress?: (percent: number) => void;
  notifySuccess?: boolean;
}

export function submitForm<T = { message?: string; id?: number | string }>(url: string, data: object, options: SubmitOptions = {}): Promise<ApiResult<T>> {
  const body = data instanceof FormData ? data : toFormData(data, options.exclude);
  return send<T>(url, body, options, true);
}

function send<T>(url: string, body: FormData, options: SubmitOptions, mayRetry: boolean): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    xhr.withCredentials = true;
    for (const [k, v] of baseHeaders()) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = async () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const message = (payload as { message?: unknown } | null)?.message;
        if (typeof message === 'string' && options.notifySuccess !== false) notify.success(message);
        resolve({ ok: true, status: xhr.status, data: payload as T });
      } else if (xhr.status === 401 && mayRetry && guestSessionLost(payload)) {
        // A guest's session was lost meanwhile: the answer set a new one; send once more with it.
        resolve(await send<T>(url, body, options, false));
      } else resolve(await handleFailure(xhr.status, payload));
    };
    xhr.onerror = () => {
      notify.danger(translator(coreMessages, currentLocale())('error.client'));
      resolve({ ok: false, status: 0 });
    };
    xhr.send(body);
  });
}

/**
 * Checks values with the form's shared schema before sending (the server checks again with the
 * same one). Returns the 422-style errors map, or null when the values pass.
 */
export function clientErrors(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } },
  values: unknown,
): Record<string, string[]> | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The client's one way to call the API (SPEC sections 7 and 8): credentials and the anti-forgery
 * token on every call, forms as multipart, and the reaction to every status in one place.
 */
import { COMPANY } from '~/core/company';
import { isLocale, type Locale, translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { loginPath } from '~/core/permissions/login-path';
import { getFlag, LOGGED_IN_FLAG, readCookie, setFlag } from '~/core/ui/flags';
import { notify } from '~/core/ui/notify';

export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
/** The contact named in the "account not activated" (406) message. */
export const ADMIN_CONTACT_EMAIL: string = COMPANY.adminEmail;

export type FieldErrors = Record<string, string[]>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiOptions {
  method?: HttpMethod;
  /** An object is sent as multipart form data (see toFormData), or as JSON with `json: true`. */
  body?: object | FormData | null;
  /** Send `body` as JSON instead of multipart. */
  json?: boolean;
  /** Keys (top-level names or dotted paths) left out of the multipart body. */
  exclude?: readonly string[];
  /** Query values appended to the path; null and undefined are skipped. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Show the answer's `message` as a green toast (default true). */
  notifySuccess?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Failure statuses the caller shows itself (e.g. 404 of a lookup form): answered as
   * `{ ok: false, status, message }` with no toast or redirect.
   */
  handles?: readonly number[];
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** HTTP status, or 0 when no response came. */
      status: number;
      /** 422: field path -> messages (first one shown under the field). */
      errors?: FieldErrors;
      message?: string;
      aborted?: boolean;
    };

// ---------------------------------------------------------------------------------------------
// Navigation: the root component registers React Router's navigate (and a revalidation, so the
// layout forgets a user whose session ended). Without one (tests, early calls) the browser loads.

export interface ApiNavigator {
  navigate(to: string, opts?: { replace?: boolean }): void | Promise<void>;
  revalidate?(): void | Promise<void>;
}

let navigator: ApiNavigator | null = null;

/** Called by the root component; returns the unregister function. */
export function registerNavigator(n: ApiNavigator): () => void {
  navigator = n;
  return () => {
    if (navigator === n) navigator = null;
  };
}

async function go(to: string, sessionChanged = false) {
  if (navigator) {
    await navigator.navigate(to);
    if (sessionChanged) await navigator.revalidate?.();
  } else if (typeof window !== 'undefined') {
    window.location.assign(to);
  }
}

/** The locale of the page the call is made from (first path segment), Polish by default. */
export function currentLocale(): Locale {
  if (typeof window === 'undefined') return 'pl';
  const first = window.location.pathname.split('/')[1];
  return isLocale(first) ? first : 'pl';
}

// ---------------------------------------------------------------------------------------------
// Multipart serialisation (SPEC section 7)

type Entry = [key: string, value: string | Blob, filename?: string];

function isFileLike(v: unknown): v is Blob {
  return typeof Blob !== 'undefined' && v instanceof Blob;
}

/**
 * Flattens form data into multipart entries: booleans become 1/0, null becomes an empty string,
 * nested arrays and objects use bracket keys (`a[0][b]`), files stay files, dates become ISO
 * strings. Undefined values, empty arrays/objects and the listed keys are left out.
 */
export function formEntries(data: object, exclude: readonly string[] = []): Entry[] {
  const skip = new Set(exclude);
  const out: Entry[] = [];
  const walk = (value: unknown, key: string, path: string) => {
    if (skip.has(path)) return;
    if (value === undefined) return;
    if (value === null) out.push([key, '']);
    else if (typeof value === 'boolean') out.push([key, value ? '1' : '0']);
    else if (isFileLike(value)) out.push([key, value, (value as File).name || undefined]);
    else if (value instanceof Date) out.push([key, value.toISOString()]);
    else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${key}[${i}]`, `${path}.${i}`);
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, `${key}[${k}]`, `${path}.${k}`);
    } else out.push([key, String(value)]);
  };
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) walk(v, k, k);
  return out;
}

export function toFormData(data: object, exclude: readonly string[] = []): FormData {
  const fd = new FormData();
  for (const [key, value, filename] of formEntries(data, exclude)) {
    if (typeof value === 'string') fd.append(key, value);
    else if (filename) fd.append(key, value, filename);
    else fd.append(key, value);
  }
  return fd;
}

// ---------------------------------------------------------------------------------------------

function withQuery(path: string, query: ApiOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined) continue;
    params.append(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/** Headers every call carries: the echoed anti-forgery token and the page's locale. */
export function baseHeaders(extra?: Record<string, string>): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-Locale': currentLocale(), ...extra });
  const token = readCookie(XSRF_COOKIE_NAME);
  if (token) headers.set(XSRF_HEADER_NAME, token);
  return headers;
}

/**
 * Whether a 401's answer says a guest's request came without any session (app.server.ts): the answer
 * set new cookies, so the caller sends the request once more. A logged-in user's goes to login.
 */
export function guestSessionLost(payload: unknown): boolean {
  return (payload as { reason?: unknown } | null)?.reason === 'session-lost' && !getFlag(LOGGED_IN_FLAG);
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  try {
    if (type.includes('json')) return await res.json();
    const text = await res.text();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

function messageOf(payload: unknown): string | undefined {
  if (payload && typeof payload === 'object' && typeof (payload as { message?: unknown }).message === 'string') {
    return (payload as { message: string }).message;
  }
  return undefined;
}

/** Ends the server session (POST /logout) without leaving the page; failures are ignored. */
export async function logoutRequest(): Promise<void> {
  try {
    await fetch('/logout', { method: 'POST', credentials: 'include', headers: baseHeaders() });
  } catch {
    // The session ends on the server anyway when it expires; the client state is cleared below.
  }
}

/** Forgets the login state kept by the client (SPEC section 4: the is-logged-in flag). */
export function clearLoginState() {
  setFlag(LOGGED_IN_FLAG, false);
}

/**
 * SPEC section 8: the reaction to a failed call. Returns the result handed to the caller.
 * Exported for callers that make their own requests (e.g. file downloads).
 */
export async function handleFailure(status: number, payload: unknown): Promise<ApiResult<never>> {
  const locale = currentLocale();
  const t = translator(coreMessages, locale);
  const message = messageOf(payload);
  switch (status) {
    case 401: {
      // The login page says "Sesja wygasła…" (reason) and leads back here once logged in.
      clearLoginState();
      const here = typeof window === 'undefined' ? null : `${window.location.pathname}${window.location.search}`;
      await go(loginPath(locale, here, 'session-expired'), true);
      break;
    }
    case 402:
      notify.warning(t('error.402'));
      await go(`/${locale}`);
      break;
    case 403:
      await go(`/${locale}`);
      break;
    case 406:
      notify.danger(t('error.406', { email: ADMIN_CONTACT_EMAIL }));
      await logoutRequest();
      clearLoginState();
      await go(`/${locale}/login`, true);
      break;
    case 419:
      notify.warning(t('error.419'));
      break;
    case 422: {
      const errors = (payload as { errors?: FieldErrors } | null)?.errors;
      return { ok: false, status, errors: errors && typeof errors === 'object' ? errors : {}, message };
    }
    // 409: a stale save (optimistic lock) refused with its message, like 423.
    case 409:
    case 423:
      notify.danger(message ?? t('error.server'));
      break;
    case 429:
      notify.warning(t('error.429'));
      break;
    default:
      notify.danger(t('error.server'));
  }
  return { ok: false, status, message };
}

/**
 * Calls the API. Never throws for HTTP or network failures: it reacts as SPEC section 8 says and
 * returns `{ ok: false, status, errors? }`; on success `{ ok: true, data }` (with a green toast when
 * the answer carries a `message`).
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const method = options.method ?? (options.body ? 'POST' : 'GET');
  const headers = baseHeaders(options.headers);
  let body: BodyInit | undefined;
  if (options.body != null && method !== 'GET') {
    if (options.body instanceof FormData) body = options.body;
    else if (options.json) {
      body = JSON.stringify(options.body);
      headers.set('Content-Type', 'application/json');
    } else body = toFormData(options.body, options.exclude);
  }

  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), { method, headers, body, credentials: 'include', signal: options.signal });
    // A guest's session was lost (no cookie): the answer set new cookies, so the call is sent once
    // more with the new token. A logged-in user's lost session goes to the login page (handleFailure).
    if (res.status === 401 && method !== 'GET' && guestSessionLost(await readBody(res.clone()))) {
      const token = readCookie(XSRF_COOKIE_NAME);
      if (token) headers.set(XSRF_HEADER_NAME, token);
      res = await fetch(withQuery(path, options.query), { method, headers, body, credentials: 'include', signal: options.signal });
    }
  } catch (e) {
    if ((e as { name?: string })?.name === 'AbortError') return { ok: false, status: 0, aborted: true };
    notify.danger(translator(coreMessages, currentLocale())('error.client'));
    return { ok: false, status: 0 };
  }

  const payload = await readBody(res);
  if (res.ok) {
    const message = messageOf(payload);
    if (message && options.notifySuccess !== false) notify.success(message);
    return { ok: true, status: res.status, data: payload as T };
  }
  if (options.handles?.includes(res.status)) return { ok: false, status: res.status, message: messageOf(payload) };
  return handleFailure(res.status, payload);
}

// ---------------------------------------------------------------------------------------------
// File download (SPEC section 7): filename from Content-Disposition, type from Content-Type.

/** The filename of a Content-Disposition header (RFC 6266: `filename*` wins over `filename`). */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    const raw = star[1].trim().replace(/^"(.*)"$/, '$1');
    const m = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(raw);
    try {
      return decodeURIComponent(m ? m[2] : raw);
    } catch {
      // fall back to the plain filename parameter
    }
  }
  const plain = /filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const value = plain[1].trim();
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}

export interface DownloadOptions {
  method?: HttpMethod;
  body?: object | null;
  /** Used when the answer names no file. */
  fallbackName?: string;
}

/** Fetches a file and saves it through a temporary blob link. Returns false when it failed. */
export async function downloadFile(url: string, options: DownloadOptions = {}): Promise<boolean> {
  const method = options.method ?? 'GET';
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: baseHeaders({ Accept: '*/*' }),
      body: options.body && method !== 'GET' ? toFormData(options.body) : undefined,
    });
  } catch {
    notify.danger(translator(coreMessages, currentLocale())('error.client'));
    return false;
  }
  if (!res.ok) {
    await handleFailure(res.status, await readBody(res));
    return false;
  }
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  const name =
    filenameFromContentDisposition(res.headers.get('content-disposition')) ??
    options.fallbackName ??
    decodeURIComponent(new URL(url, 'http://x').pathname.split('/').pop() || 'download');
  const blob = new Blob([await res.arrayBuffer()], { type });
  saveBlob(blob, name);
  return true;
}

/** Saves a blob under a filename through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

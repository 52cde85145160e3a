// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toasts = vi.hoisted(() => [] as { kind: string; message: string }[]);
vi.mock('~/core/ui/notify', () => {
  const push = (kind: string) => (message: string) => {
    toasts.push({ kind, message });
    return toasts.length;
  };
  return { notify: { success: push('success'), warning: push('warning'), danger: push('danger'), info: push('info') } };
});

import { api, downloadFile, filenameFromContentDisposition, formEntries, registerNavigator, toFormData } from './api-client';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();
const revalidate = vi.fn<() => void>();
let unregister: () => void;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  toasts.length = 0;
  fetchMock.mockReset();
  navigate.mockReset();
  revalidate.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  unregister = registerNavigator({ navigate, revalidate });
  window.history.replaceState(null, '', '/pl/posts?page=2');
  document.cookie = 'XSRF-TOKEN=tok%2Ben; path=/';
  localStorage.setItem('is-logged-in', '1');
});

afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('api(): SPEC section 8 reactions', () => {
  it('401: clears the login flag and goes to the login page, which says the session expired and leads back', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Unauthenticated' }));
    const res = await api('/api/my-account');
    expect(res).toMatchObject({ ok: false, status: 401 });
    // The login page shows "Sesja wygasła…" for the reason (one message, not a toast here too).
    expect(toasts).toEqual([]);
    expect(localStorage.getItem('is-logged-in')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/pl/login?reason=session-expired&next=/pl/posts%3Fpage%3D2');
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('401 on an English page goes to the English login', async () => {
    window.history.replaceState(null, '', '/en/trainings');
    fetchMock.mockResolvedValueOnce(json(401, {}));
    await api('/api/my-account');
    expect(navigate).toHaveBeenCalledWith('/en/login?reason=session-expired&next=/en/trainings');
  });

  it("a guest's write that came without a session (reason session-lost) is sent once more with the new token", async () => {
    localStorage.removeItem('is-logged-in');
    fetchMock.mockImplementationOnce(async () => {
      document.cookie = 'XSRF-TOKEN=nowy; path=/';
      return json(401, { message: 'Sesja wygasła. Proszę zalogować się ponownie.', reason: 'session-lost' });
    });
    fetchMock.mockResolvedValueOnce(json(200, { message: 'Wysłano.' }));
    const res = await api('/api/contact', { body: { name: 'Anna' } });
    expect(res).toMatchObject({ ok: true, status: 200 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[1][1]?.headers).get('X-XSRF-TOKEN')).toBe('nowy');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a logged-in user's lost session is not retried: the login page, and a second 401 is not retried either", async () => {
    fetchMock.mockImplementation(async () => json(401, { reason: 'session-lost' }));
    await api('/api/my-account/data', { method: 'PUT', body: { name: 'Anna' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/pl/login?reason=session-expired&next=/pl/posts%3Fpage%3D2');
    localStorage.removeItem('is-logged-in');
    fetchMock.mockClear();
    await api('/api/contact', { body: { name: 'Anna' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('402: warns about the invalid URL and goes home', async () => {
    fetchMock.mockResolvedValueOnce(json(402, {}));
    await api('/api/x');
    expect(toasts).toEqual([{ kind: 'warning', message: 'Nieprawidłowy URL. Nastąpiło przekierowanie.' }]);
    expect(navigate).toHaveBeenCalledWith('/pl');
    expect(localStorage.getItem('is-logged-in')).toBe('1');
  });

  it('403: goes home without a message', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Forbidden' }));
    const res = await api('/api/admin/x');
    expect(res).toMatchObject({ ok: false, status: 403 });
    expect(toasts).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/pl');
  });

  it('406: tells the account is not active (with the admin e-mail), logs out and goes to login', async () => {
    fetchMock.mockResolvedValueOnce(json(406, {})).mockResolvedValueOnce(new Response(null, { status: 204 }));
    await api('/api/trainings');
    expect(toasts).toEqual([{ kind: 'danger', message: 'Konto nie zostało aktywowane. Poczekaj lub skontaktuj się z administratorem: biuro@cobinet.pl' }]);
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/logout');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('tok+en');
    expect(localStorage.getItem('is-logged-in')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/pl/login');
  });

  it('422: returns the field errors to the caller without a toast or navigation', async () => {
    const errors = { email: ['Pole jest wymagane.', 'second'], 'positions.0.quantity': ['Za mało'] };
    fetchMock.mockResolvedValueOnce(json(422, { message: 'Pole jest wymagane.', errors }));
    const res = await api('/api/form', { method: 'POST', body: { email: '' } });
    expect(res).toEqual({ ok: false, status: 422, errors, message: 'Pole jest wymagane.' });
    expect(toasts).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('423: a red toast with the message of the response', async () => {
    fetchMock.mockResolvedValueOnce(json(423, { message: 'Termin jest już zajęty.' }));
    await api('/api/rent', { method: 'POST', body: {} });
    expect(toasts).toEqual([{ kind: 'danger', message: 'Termin jest już zajęty.' }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('409 (stale save): a red toast with the message of the response', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { message: 'Ten rekord został w międzyczasie zmieniony.' }));
    const res = await api('/api/admin/posts/1', { method: 'PUT', body: {} });
    expect(res).toMatchObject({ ok: false, status: 409, message: 'Ten rekord został w międzyczasie zmieniony.' });
    expect(toasts).toEqual([{ kind: 'danger', message: 'Ten rekord został w międzyczasie zmieniony.' }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('429: asks to wait a minute', async () => {
    fetchMock.mockResolvedValueOnce(json(429, {}));
    await api('/api/x');
    expect(toasts).toEqual([{ kind: 'warning', message: 'Wykryto zbyt dużą ilość żądań. Proszę odczekać 1 minutę i spróbować ponownie.' }]);
  });

  it('other error statuses: the server error text', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { message: 'stack trace' }));
    await api('/api/x');
    fetchMock.mockResolvedValueOnce(new Response('Not found', { status: 404 }));
    await api('/api/y');
    expect(toasts).toEqual([
      { kind: 'danger', message: 'Wystąpił błąd serwera.' },
      { kind: 'danger', message: 'Wystąpił błąd serwera.' },
    ]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('no response: the client error text', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const res = await api('/api/x');
    expect(res).toEqual({ ok: false, status: 0 });
    expect(toasts).toEqual([{ kind: 'danger', message: 'Wystąpił błąd klienta.' }]);
  });

  it('an aborted call is silent', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    const res = await api('/api/x');
    expect(res).toMatchObject({ ok: false, aborted: true });
    expect(toasts).toEqual([]);
  });

  it('success with a message: a green toast with that message, data returned', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { message: 'Zapisano.' }));
    const res = await api<{ message: string }>('/api/x', { method: 'PUT', body: { a: 1 } });
    expect(res).toEqual({ ok: true, status: 200, data: { message: 'Zapisano.' } });
    expect(toasts).toEqual([{ kind: 'success', message: 'Zapisano.' }]);
  });

  it('success without a message, or with notifySuccess false: no toast', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { items: [], pages: 1 }));
    await api('/api/list');
    fetchMock.mockResolvedValueOnce(json(200, { message: 'ok' }));
    await api('/api/x', { method: 'POST', notifySuccess: false });
    expect(toasts).toEqual([]);
  });
});

describe('api(): request', () => {
  it('sends credentials, the echoed XSRF token, the page locale and a multipart body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await api('/api/form', { method: 'POST', body: { name: 'Jan', agree: true }, query: { page: 2, q: null } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/form?page=2');
    expect(init?.credentials).toBe('include');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok+en');
    expect(headers.get('X-Locale')).toBe('pl');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Jan');
    expect(body.get('agree')).toBe('1');
  });

  it('sends JSON when asked', async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await api('/api/x', { method: 'POST', json: true, body: { a: [1, 2] } });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.body).toBe('{"a":[1,2]}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('without a registered navigator the browser loads the target', async () => {
    unregister();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/pl/x', assign } as Location);
    fetchMock.mockResolvedValueOnce(json(403, {}));
    await api('/api/x');
    expect(assign).toHaveBeenCalledWith('/pl');
  });
});

describe('multipart serialisation (SPEC section 7)', () => {
  it('booleans 1/0, null as empty string, nested arrays and objects as bracket keys', () => {
    const entries = formEntries({
      name: 'Firma',
      active: true,
      b2b: false,
      note: null,
      skipped: undefined,
      count: 3,
      positions: [
        { id: 7, quantity: 2, extra: null },
        { id: 8, quantity: 1, extra: 'x' },
      ],
      address: { town: 'Leszno', flags: { main: true } },
      tags: ['a', 'b'],
      empty: [],
    });
    expect(entries).toEqual([
      ['name', 'Firma'],
      ['active', '1'],
      ['b2b', '0'],
      ['note', ''],
      ['count', '3'],
      ['positions[0][id]', '7'],
      ['positions[0][quantity]', '2'],
      ['positions[0][extra]', ''],
      ['positions[1][id]', '8'],
      ['positions[1][quantity]', '1'],
      ['positions[1][extra]', 'x'],
      ['address[town]', 'Leszno'],
      ['address[flags][main]', '1'],
      ['tags[0]', 'a'],
      ['tags[1]', 'b'],
    ]);
  });

  it('leaves out the listed keys (top-level names or dotted paths)', () => {
    const entries = formEntries({ a: 1, attachments: [{ file: 'x' }], address: { town: 'Leszno', post: 'Leszno' } }, ['attachments', 'address.post']);
    expect(entries).toEqual([
      ['a', '1'],
      ['address[town]', 'Leszno'],
    ]);
  });

  it('keeps files as files with their names, dates as ISO strings', () => {
    const file = new File(['%PDF'], 'pomiar.pdf', { type: 'application/pdf' });
    const fd = toFormData({ attachments: [{ id: 'u1', file }], at: new Date(Date.UTC(2025, 0, 2)) });
    const sent = fd.get('attachments[0][file]');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('pomiar.pdf');
    expect(fd.get('attachments[0][id]')).toBe('u1');
    expect(fd.get('at')).toBe('2025-01-02T00:00:00.000Z');
  });
});

describe('file download', () => {
  it('reads the filename from Content-Disposition (filename* first)', () => {
    expect(filenameFromContentDisposition(`attachment; filename="a b.pdf"`)).toBe('a b.pdf');
    expect(filenameFromContentDisposition(`attachment; filename=plain.csv`)).toBe('plain.csv');
    expect(filenameFromContentDisposition(`attachment; filename="x.pdf"; filename*=UTF-8''Faktura%20%C5%BC.pdf`)).toBe('Faktura ż.pdf');
    expect(filenameFromContentDisposition(`inline`)).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });

  it('saves the answer as a blob of its Content-Type under its filename', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('a;b\n1;2', {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename*=UTF-8''zam%C3%B3wienia.csv` },
      }),
    );
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:test/1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    expect(await downloadFile('/api/orders/export')).toBe(true);
    expect(clicked).toEqual([{ download: 'zamówienia.csv', href: 'blob:test/1' }]);
    expect(blobs[0].type).toBe('text/csv; charset=utf-8');
    expect(await blobs[0].text()).toBe('a;b\n1;2');
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('X-XSRF-TOKEN')).toBe('tok+en');
  });

  it('a failed download goes through the shared error handling', async () => {
    fetchMock.mockResolvedValueOnce(json(403, {}));
    expect(await downloadFile('/files/x')).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/pl');
  });
});

// The anti-forgery token of a plain page form (forms work without JavaScript): the session's token
// as the server rendered it, replaced at submit by the XSRF-TOKEN cookie's once the page runs
// script (the session id, and with it the token, changes at login and password change).
import type { FormEvent } from 'react';
import { XSRF_COOKIE_NAME } from '~/core/http/api-client';
import { readCookie } from '~/core/ui/flags';

/** The hidden `_token` field, holding the server-rendered token. */
export function TokenField({ token }: { token: string }) {
  return <input type="hidden" name="_token" defaultValue={token} />;
}

/** Submit handler: the cookie's token into the form's `_token` (the server's stays when there is no cookie). */
export function refreshToken(e: FormEvent<HTMLFormElement>) {
  refreshTokenOf(e.currentTarget);
}

/** The same for a form submitted from script (useSubmit reads the fields, not the submit event). */
export function refreshTokenOf(form: HTMLFormElement) {
  const field = form.elements.namedItem('_token');
  const fresh = readCookie(XSRF_COOKIE_NAME);
  if (field instanceof HTMLInputElement && fresh) field.value = fresh;
}

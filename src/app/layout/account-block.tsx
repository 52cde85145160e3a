import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useT } from '~/core/i18n/use-locale';
import { LOGGED_IN_FLAG, setFlag } from '~/core/ui/flags';
import { refreshToken, TokenField } from '~/core/ui/token-field';
import type { LayoutData } from './site-layout';

/**
 * Logout: a plain POST to /logout (a server route, not a page) carrying the anti-forgery token as
 * `_token`: the session's token as the server rendered it (before hydration, without JavaScript),
 * and once hydrated the XSRF-TOKEN cookie's at submit (the session may have changed since the page
 * was rendered); submitting also clears the client's login flag.
 */
export function LogoutForm({ className, label, token }: { className?: string; label: string; token: string }) {
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    refreshToken(e);
    setFlag(LOGGED_IN_FLAG, false);
  };
  return (
    <form method="post" action="/logout" onSubmit={onSubmit} className="contents">
      <TokenField token={token} />
      <button type="submit" className={className}>
        {label}
      </button>
    </form>
  );
}

/** The block that depends on login state (SPEC section 2). */
export function AccountBlock({ data, variant }: { data: LayoutData; variant: 'bar' | 'menu' }) {
  const t = useT();
  const { locale, user } = data;
  const bar = variant === 'bar';
  const item = bar
    ? 'rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800'
    : 'block w-full rounded-md px-3 py-2.5 text-left font-medium text-slate-800 hover:bg-slate-50';
  if (!user) {
    return (
      <Link
        to={`/${locale}/login`}
        className={
          bar
            ? 'inline-flex items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800'
            : 'block rounded-md bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-800'
        }
      >
        {t('nav.login')}
      </Link>
    );
  }
  const links = [
    { to: `/${locale}/my-account/data`, label: t('nav.myAccount') },
    ...(user.hasShop ? [{ to: `/${locale}/cart`, label: t('nav.shop') }] : []),
    ...(user.canAdmin ? [{ to: `/${locale}/admin`, label: t('nav.admin') }] : []),
  ];
  return (
    <ul aria-label={t('nav.account')} className={bar ? 'flex items-center gap-0.5' : 'space-y-1'}>
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} className={item}>
            {l.label}
          </Link>
        </li>
      ))}
      <li>
        <LogoutForm token={user.token} label={t('nav.logout')} className={bar ? `${item} border border-slate-300` : `${item} text-red-700`} />
      </li>
    </ul>
  );
}

// /{locale}/calculator/access/{token}: the access link of the welcome mail or of a paid purchase
// (also Przelewy24's return address). Sets the long-lived signed cookie and opens the calculator.
import { data, Link, redirect } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { type AccessGrant, accessCookieHeader } from '../calculator-access.server';
import { newsletterMessages } from '../messages';
import { confirmedSubscriberByAccessToken } from '../newsletter.server';
import { purchaseByAccessToken } from '../purchases.server';
import { TOKEN_RE } from '../validation';
import type { Route } from './+types/calculator-access';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/calculator', title: translator(newsletterMessages, layout.locale)('calc.title'), robots: 'noindex' });
}

// A public path with a token in the address (not covered by the cache-control hook): keep it out of
// caches and out of Referer headers to other sites (same-origin: see reset-password.tsx).
export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin' };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = guardLocale(params);
  const token = params.token ?? '';
  if (!TOKEN_RE.test(token)) return data({ state: 'invalid' as const }, { status: 404 });
  let grant: AccessGrant | null = null;
  const subscriberId = await confirmedSubscriberByAccessToken(token);
  if (subscriberId) grant = { kind: 's', id: subscriberId };
  else {
    const purchase = await purchaseByAccessToken(token);
    if (purchase?.status === 'paid') grant = { kind: 'p', id: purchase.id };
    else if (purchase?.status === 'pending') return { state: 'pending' as const };
  }
  if (!grant) return data({ state: 'invalid' as const }, { status: 404 });
  const secure = context.config.APP_URL.startsWith('https://');
  throw redirect(`/${locale}/calculator`, { headers: { 'Set-Cookie': accessCookieHeader(context.config.sessionSecret, grant, secure) } });
}

export default function CalculatorAccess({ loaderData }: Route.ComponentProps) {
  const t = useT(newsletterMessages);
  const locale = useLocale();
  const pending = loaderData.state === 'pending';
  return (
    <>
      <PageHeader title={pending ? t('buy.returnTitle') : t('calc.title')} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900">
          {pending ? t('buy.returnPending') : t('access.invalid')}
        </p>
        <div className="mt-6">
          <Link to={`/${locale}/calculator`} className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            {t('calc.title')}
          </Link>
        </div>
      </div>
    </>
  );
}

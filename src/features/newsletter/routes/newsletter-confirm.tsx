// /{locale}/newsletter/confirm/{token}: the double opt-in link. Confirming sends the welcome mail
// and sets the calculator access cookie on this device.
import { data, Link } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { accessCookieHeader } from '../calculator-access.server';
import { newsletterMessages } from '../messages';
import { confirmSubscription } from '../newsletter.server';
import { TOKEN_RE } from '../validation';
import type { Route } from './+types/newsletter-confirm';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/newsletter', title: translator(newsletterMessages, layout.locale)('confirm.title'), robots: 'noindex' });
}

// A public path with a token in the address (not covered by the cache-control hook): keep it out of
// caches and out of Referer headers.
export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  guardLocale(params);
  const token = params.token ?? '';
  const result = TOKEN_RE.test(token) ? await confirmSubscription(token, { appUrl: context.config.APP_URL }) : ({ status: 'invalid' } as const);
  if (result.status === 'confirmed') {
    const secure = context.config.APP_URL.startsWith('https://');
    return data(
      { status: result.status },
      { headers: { 'Set-Cookie': accessCookieHeader(context.config.sessionSecret, { kind: 's', id: result.subscriberId }, secure) } },
    );
  }
  return data({ status: result.status }, { status: result.status === 'invalid' ? 404 : 200 });
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const t = useT(newsletterMessages);
  const locale = useLocale();
  const ok = loaderData.status === 'confirmed';
  return (
    <>
      <PageHeader title={t('confirm.title')} crumbs={[{ to: `/${locale}/newsletter`, label: t('page.title') }]} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p
          role="status"
          className={`rounded-md border p-4 ${ok ? 'border-green-200 bg-green-50 text-green-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
        >
          {ok ? t('confirm.ok') : loaderData.status === 'already' ? t('confirm.already') : t('confirm.invalid')}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {ok ? (
            <Link to={`/${locale}/calculator`} className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              {t('confirm.toCalculator')}
            </Link>
          ) : (
            <Link to={`/${locale}/newsletter`} className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              {t('form.submit')}
            </Link>
          )}
        </div>
      </div>
    </>
  );
}

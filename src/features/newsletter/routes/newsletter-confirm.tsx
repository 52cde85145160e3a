// /{locale}/newsletter/confirm/{token}: the double opt-in link. The page asks and the button
// confirms (a POST): mail scanners open links, so a page view alone changes nothing (issue 41).
// Confirming sends the welcome mail and sets the calculator access cookie on this device.
import { data, Form, Link, useNavigation } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Button, buttonClass } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';
import { PageHeader } from '~/core/ui/page-header';
import { accessCookieHeader } from '../calculator-access.server';
import { newsletterMessages } from '../messages';
import { confirmSubscription, pendingSubscriberByConfirmToken } from '../newsletter.server';
import { TOKEN_RE } from '../validation';
import type { Route } from './+types/newsletter-confirm';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/newsletter', title: translator(newsletterMessages, layout.locale)('confirm.title'), robots: 'noindex' });
}

// A public path with a token in the address (not covered by the cache-control hook): keep it out of
// caches and out of Referer headers to other sites (same-origin: see reset-password.tsx).
export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin' };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  guardLocale(params);
  const token = params.token ?? '';
  const pending = TOKEN_RE.test(token) ? await pendingSubscriberByConfirmToken(token) : null;
  if (!pending) return data({ state: 'invalid' as const, email: '', token: context.xsrfToken }, { status: 404 });
  return { state: 'ask' as const, email: pending.email, token: context.xsrfToken };
}

export async function action({ params, context }: Route.ActionArgs) {
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

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(newsletterMessages);
  const locale = useLocale();
  const navigation = useNavigation();
  const state = actionData?.status ?? loaderData.state;
  const message =
    state === 'ask'
      ? t('confirm.question', { email: loaderData.email })
      : state === 'confirmed'
        ? t('confirm.ok')
        : state === 'already'
          ? t('confirm.already')
          : t('confirm.invalid');
  const link = buttonClass('primary', 'lg');
  return (
    <>
      <PageHeader title={t('confirm.title')} crumbs={[{ to: `/${locale}/newsletter`, label: t('page.title') }]} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Notice kind={state === 'confirmed' ? 'success' : state === 'ask' ? 'info' : 'warning'} role="status">
          {message}
        </Notice>
        <div className="mt-6 flex flex-wrap gap-3">
          {state === 'ask' ? (
            <Form method="post">
              <input type="hidden" name="_token" value={loaderData.token} />
              <Button type="submit" size="lg" disabled={navigation.state === 'submitting'}>
                {t('confirm.button')}
              </Button>
            </Form>
          ) : state === 'confirmed' ? (
            <Link to={`/${locale}/calculator`} className={link}>
              {t('confirm.toCalculator')}
            </Link>
          ) : (
            <Link to={`/${locale}/newsletter`} className={link}>
              {t('form.submit')}
            </Link>
          )}
        </div>
      </div>
    </>
  );
}

// /{locale}/newsletter/unsubscribe/{token}: the link in every newsletter mail. One click on the
// button unsubscribes (a page view alone changes nothing: link scanners open mail links).
import { data, Form, useNavigation } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { newsletterMessages } from '../messages';
import { subscriberByUnsubscribeToken, unsubscribe } from '../newsletter.server';
import { TOKEN_RE } from '../validation';
import type { Route } from './+types/newsletter-unsubscribe';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/newsletter', title: translator(newsletterMessages, layout.locale)('unsubscribe.title'), robots: 'noindex' });
}

// A public path with a token in the address (not covered by the cache-control hook): keep it out of
// caches and out of Referer headers to other sites (same-origin: see reset-password.tsx).
export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin' };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  guardLocale(params);
  const token = params.token ?? '';
  const row = TOKEN_RE.test(token) ? await subscriberByUnsubscribeToken(token) : null;
  if (!row) return data({ state: 'invalid' as const, email: '', token: context.xsrfToken }, { status: 404 });
  return { state: row.status === 'unsubscribed' ? ('already' as const) : ('ask' as const), email: row.email, token: context.xsrfToken };
}

export async function action({ params }: Route.ActionArgs) {
  guardLocale(params);
  const token = params.token ?? '';
  const result = TOKEN_RE.test(token) ? await unsubscribe({ token }, 'mail-link') : 'invalid';
  return { result };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(newsletterMessages);
  const locale = useLocale();
  const navigation = useNavigation();
  const state = actionData ? (actionData.result === 'done' ? 'done' : actionData.result) : loaderData.state;
  const message =
    state === 'ask'
      ? t('unsubscribe.question', { email: loaderData.email })
      : state === 'done'
        ? t('unsubscribe.done')
        : state === 'already'
          ? t('unsubscribe.already')
          : t('unsubscribe.invalid');
  return (
    <>
      <PageHeader title={t('unsubscribe.title')} crumbs={[{ to: `/${locale}/newsletter`, label: t('page.title') }]} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p
          role="status"
          className={`rounded-md border p-4 ${state === 'done' ? 'border-green-200 bg-green-50 text-green-900' : 'border-slate-200 bg-white text-slate-800'}`}
        >
          {message}
        </p>
        {state === 'ask' && (
          <Form method="post" className="mt-6">
            <input type="hidden" name="_token" value={loaderData.token} />
            <button
              type="submit"
              disabled={navigation.state === 'submitting'}
              className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t('unsubscribe.button')}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}

import { type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigate, useParams, useRevalidator, useRouteError } from 'react-router';
import { registerNavigator } from '~/core/http/api-client';
import { isChunkLoadError, reloadPageOnce } from '~/core/html/chunk-reload';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { notify } from '~/core/ui/notify';
import { AppToaster } from '~/core/ui/toaster';
import type { Route } from './+types/root';
import appCss from './app.css?url';

// `precedence` lets React put the stylesheet at the top of <head>, before the script preloads,
// so the browser asks for it first: it is the one file that blocks the first paint.
// The web font is not preloaded: it is switched on after the first paint (core/html/web-fonts.ts).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: appCss, precedence: 'default' }];

export function Layout({ children }: { children: ReactNode }) {
  const { locale } = useParams();
  const lang = locale === 'en' ? 'en' : 'pl';
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d6e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-800 antialiased">
        {children}
        <AppToaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Errors that escape React (event handlers, promises) are logged and shown as a danger toast. */
function useGlobalErrorNotifications() {
  const { locale } = useParams();
  useEffect(() => {
    const t = translator(coreMessages, locale === 'en' ? 'en' : 'pl');
    const report = (error: unknown) => {
      console.error(error);
      notify.danger(t('error.client'));
    };
    // Errors without an Error object (e.g. "ResizeObserver loop" notices, cross-origin scripts) are not ours.
    const onError = (e: ErrorEvent) => {
      if (e.error instanceof Error) report(e.error);
    };
    const onRejection = (e: PromiseRejectionEvent) => {
      if ((e.reason as { name?: string } | null)?.name === 'AbortError') return;
      report(e.reason);
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [locale]);
}

export default function App() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // The API client navigates (401, 402, 403, 406) through the router, without a page reload.
  useEffect(
    () =>
      registerNavigator({
        navigate: (to, opts) => navigate(to, opts),
        revalidate: () => revalidator.revalidate(),
      }),
    [navigate, revalidator],
  );
  useGlobalErrorNotifications();
  // Marks the page as interactive (browser tests wait for it before driving timers and menus).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

/** Last-resort boundary (SPEC section 8): an uncaught error is logged and shown as a danger message. */
export function ErrorBoundary(_: Route.ErrorBoundaryProps) {
  const error = useRouteError();
  const { locale } = useParams();
  const lang = locale === 'en' ? 'en' : 'pl';
  const t = translator(coreMessages, lang);
  const isResponse = isRouteErrorResponse(error);
  const chunk = !isResponse && isChunkLoadError(error);
  const status = isResponse ? error.status : 500;
  const message = status === 404 ? t('notFound.text') : status >= 500 || !isResponse ? t('error.server') : t('error.boundary');

  useEffect(() => {
    // A chunk that did not load: reload once at this address (issue 41 point 5); if that was just
    // tried, the screen below says so, without a toast or a "500".
    if (chunk) {
      reloadPageOnce();
      return;
    }
    if (!isResponse) console.error(error);
    notify.danger(message);
  }, [error, isResponse, message, chunk]);

  if (chunk) {
    return (
      <main id="main" className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{t('error.chunkTitle')}</h1>
        <p role="alert" className="mt-4 text-slate-700" data-chunk-error>
          {t('error.chunk')}
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-8 rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
        >
          {t('error.reload')}
        </button>
      </main>
    );
  }

  return (
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-5xl font-black text-brand-700">{status}</p>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">{status === 404 ? t('notFound.title') : t('error.title')}</h1>
      <div role="alert" className="mt-6 w-full rounded-lg border border-red-200 bg-red-50 p-4 text-left text-red-800">
        <p className="font-medium">{message}</p>
        {status !== 404 && message !== t('error.boundary') && <p className="mt-1 text-sm">{t('error.boundary')}</p>}
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a className="rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800" href={`/${lang}`}>
          {t('notFound.home')}
        </a>
        {status !== 404 && (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md border border-slate-300 px-5 py-2.5 font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('error.reload')}
          </button>
        )}
      </div>
    </main>
  );
}

import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useT } from '~/core/i18n/use-locale';

// The site's 404 page is loaded when a catalogue page answers 404, not with every product page
// (whose JavaScript has a budget); the server renders it whole all the same.
const NotFound = lazy(() => import('~/core/routes/not-found'));

/** Error boundary of the catalogue pages: a 404 shows the site's 404 page, anything else a short message. */
export function CatalogErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('error.title')}</h1>
      <p role="alert" className="mt-4 rounded border border-red-200 bg-red-50 p-3 text-red-800">
        {t('error.server')}
      </p>
    </section>
  );
}

/** Meta of a page that answered 404: the site's 404 title in the page's language. */
export { notFoundMeta } from '~/core/routes/not-found-meta';

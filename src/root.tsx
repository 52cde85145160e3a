import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useParams, useRouteError } from 'react-router';
import type { Route } from './+types/root';
import './app.css';

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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last-resort boundary: an uncaught error is logged and shown without details. */
export function ErrorBoundary(_: Route.ErrorBoundaryProps) {
  const error = useRouteError();
  const { locale } = useParams();
  const en = locale === 'en';
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold">{en ? 'An error occurred' : 'Wystąpił błąd'}</h1>
      <p role="alert" className="mt-4 rounded border border-red-200 bg-red-50 p-3 text-red-800">
        {en ? 'A server error occurred.' : 'Wystąpił błąd serwera.'}
      </p>
      <a className="mt-6 inline-block text-brand-700 underline" href={`/${en ? 'en' : 'pl'}`}>
        {en ? 'Back to the home page' : 'Wróć na stronę główną'}
      </a>
    </main>
  );
}
